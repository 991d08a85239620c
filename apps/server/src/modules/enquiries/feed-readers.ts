/**
 * Every tutor's session state and feed inputs, kept in memory on each server
 * instance beside the live enquiries (decision 058).
 *
 * With the live enquiries in memory, what a cold feed request still asked of
 * the database was the tutor's own: their session state (`authenticate`) and
 * their profile choices, addresses and marks. Both are kept here for every
 * tutor, loaded again every LIVE_ENQUIRIES_RESYNC_MS (by version, after the
 * first load) and trusted for LIVE_ENQUIRIES_MAX_AGE_MS after a load, as the
 * live enquiries are. A change
 * to one tutor (`invalidateTutorFeed`: a star, a view, a report, a contact, a
 * profile or address edit, a suspension, the end of their sessions) drops
 * their entry at once on the instance that made it and on every other one when
 * the message arrives, and reads it again; while it is dropped, their requests
 * ask the database as before. A tutor who is not kept (registered since the
 * last load) is asked of the database too.
 */
import type { Queryable } from '../../db/connection.ts';
import type { KeptSessionState } from '../../lib/kept-sessions.ts';
import { ReplicaBook } from '../../lib/replica-book.ts';

import type { TutorMarks } from './feed-ranking.ts';
import { LIVE_ENQUIRIES_MAX_AGE_MS } from './live-enquiries.ts';
import {
  findFeedReaders,
  findFeedReaderVersions,
  type FeedInputsRow,
  type FeedReaderRow,
} from './queries.ts';

/** What a feed request needs of its tutor besides the filters. */
export interface FeedInputs {
  profile: FeedInputsRow['profile'];
  addresses: FeedInputsRow['addresses'];
  marks: TutorMarks;
}

/** A tutor as kept: the session state `authenticate` checks, and the feed inputs. */
export interface FeedReader {
  session: KeptSessionState;
  inputs: FeedInputs;
  /** Changes whenever a row the tutor's entry is read from is written. */
  version: string;
}

/** The feed inputs of a row that lists the marks' ids. */
export function feedInputsOf(row: FeedInputsRow): FeedInputs {
  return {
    profile: row.profile,
    addresses: row.addresses,
    marks: {
      contacted: new Set(row.contacted),
      viewed: new Set(row.viewed),
      reported: new Set(row.reported),
      starred: new Set(row.starred),
    },
  };
}

function readerOf(row: FeedReaderRow): FeedReader {
  return {
    session: { is_active: row.is_active, sessions_revoked_at: row.sessions_revoked_at },
    inputs: feedInputsOf(row),
    version: row.version,
  };
}

export class FeedReaders {
  private readonly readers = new Map<number, FeedReader>();
  private readonly book = new ReplicaBook(LIVE_ENQUIRIES_MAX_AGE_MS);

  get size(): number {
    return this.readers.size;
  }

  /** The tutor as kept, when kept and the readers may be trusted at `nowMs`; else null. */
  readerAt(nowMs: number, tutorId: number): FeedReader | null {
    if (!this.book.readyAt(nowMs)) return null;
    return this.readers.get(tutorId) ?? null;
  }

  /**
   * Loads every tutor again; tutors dropped or read since this load began
   * stay as they are. After the first load only the versions are read in
   * full, and the tutors whose version changed (or who are not kept).
   */
  async loadAll(db: Queryable, startedAt: number): Promise<{ read: number }> {
    const started = this.book.begin();
    let rows: FeedReaderRow[];
    if (this.readers.size === 0) {
      rows = await findFeedReaders(db);
    } else {
      const versions = await findFeedReaderVersions(db);
      const changed = versions
        .filter(({ id, version }) => this.readers.get(id)?.version !== version)
        .map(({ id }) => id);
      rows = changed.length === 0 ? [] : await findFeedReaders(db, changed);
      const tutors = new Set(versions.map(({ id }) => id));
      for (const id of [...this.readers.keys()]) if (!tutors.has(id)) this.write(id, null, started);
    }
    for (const row of rows) this.write(row.id, readerOf(row), started);
    this.book.loaded(started, startedAt, (id) => this.readers.has(id));
    return { read: rows.length };
  }

  /**
   * One tutor changed: their entry goes at once (their requests ask the
   * database), and no read that began before this one may put it back.
   */
  drop(tutorId: number): void {
    this.write(tutorId, null, this.book.begin());
  }

  /** Reads one tutor again (after `drop`). */
  async refresh(db: Queryable, tutorId: number): Promise<void> {
    const started = this.book.begin();
    try {
      const [row] = await findFeedReaders(db, [tutorId]);
      this.write(tutorId, row ? readerOf(row) : null, started);
    } catch (error) {
      // until a full load succeeds, every tutor is asked of the database
      this.book.failed(started);
      throw error;
    }
  }

  private write(id: number, reader: FeedReader | null, sequence: number): void {
    if (!this.book.claim(id, sequence)) return;
    if (reader) this.readers.set(id, reader);
    else this.readers.delete(id);
  }
}
