import { describe, expect, it } from 'vitest';

import { perOwner } from './per-owner.ts';
import { SerialByKey, SingleFlight } from './single-flight.ts';

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

describe('SingleFlight', () => {
  it('shares one load among concurrent callers and starts a new one after it settles', async () => {
    const flight = new SingleFlight<number, string>();
    let loads = 0;
    const gate = deferred<string>();
    const load = () => {
      loads += 1;
      return gate.promise;
    };
    const both = Promise.all([flight.run(1, load), flight.run(1, load)]);
    expect(flight.size).toBe(1);
    gate.resolve('one');
    expect(await both).toEqual(['one', 'one']);
    expect(flight.size).toBe(0);
    await flight.run(1, () => Promise.resolve('again'));
    expect(loads).toBe(1);
  });
});

describe('SerialByKey', () => {
  it('runs one key’s tasks one after another, other keys beside them, past a failure', async () => {
    const serial = new SerialByKey<string>();
    const events: string[] = [];
    const first = deferred<undefined>();
    const a1 = serial.run('a', async () => {
      events.push('a1 start');
      await first.promise;
      events.push('a1 end');
      throw new Error('a1 failed');
    });
    const a2 = serial.run('a', () => {
      events.push('a2');
      return Promise.resolve(2);
    });
    const b1 = serial.run('b', () => {
      events.push('b1');
      return Promise.resolve(1);
    });
    expect(await b1).toBe(1);
    expect(events).toEqual(['a1 start', 'b1']);
    first.resolve(undefined);
    await expect(a1).rejects.toThrow('a1 failed');
    expect(await a2).toBe(2);
    expect(events).toEqual(['a1 start', 'b1', 'a1 end', 'a2']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(serial.size).toBe(0);
  });
});

describe('perOwner', () => {
  it('makes one value per owner object', () => {
    const counterOf = perOwner<{ n: number }>(() => ({ n: 0 }));
    const one = {};
    const two = {};
    counterOf(one).n += 1;
    counterOf(one).n += 1;
    expect(counterOf(one).n).toBe(2);
    expect(counterOf(two).n).toBe(0);
  });
});
