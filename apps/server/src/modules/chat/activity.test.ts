import { describe, expect, it } from 'vitest';

import type { Queryable } from '../../db/connection.ts';

import { createActivityLog } from './activity.ts';

function recordingDb(): { db: Queryable; calls: unknown[][] } {
  const calls: unknown[][] = [];
  const db: Queryable = {
    query<Row>(_sql: string, params?: readonly unknown[]): Promise<Row[]> {
      calls.push([...(params ?? [])]);
      return Promise.resolve([]);
    },
  };
  return { db, calls };
}

describe('chat activity log', () => {
  it('writes the latest move of every conversation in one statement', async () => {
    const { db, calls } = recordingDb();
    const log = createActivityLog(db, () => undefined);
    const early = new Date('2026-03-01T10:00:00Z');
    const late = new Date('2026-03-01T10:00:05Z');
    log.record(7, late);
    log.record(7, early);
    log.record(9, early);
    expect(calls).toEqual([]);
    await log.flush();
    expect(calls).toEqual([
      [
        [7, 9],
        [late, early],
      ],
    ]);
    await log.flush();
    expect(calls).toHaveLength(1);
  });

  it('writes on its own shortly after a move, and reports a failed write', async () => {
    const errors: unknown[] = [];
    const failing: Queryable = {
      query: () => Promise.reject(new Error('database gone')),
    };
    const log = createActivityLog(failing, (error) => errors.push(error));
    log.record(1, new Date());
    await expect.poll(() => errors.length).toBe(1);
    expect(String(errors[0])).toContain('database gone');
  });
});
