/**
 * The bookkeeping of rows an instance keeps in memory as a replica of the
 * database (decision 058): loaded in full now and then, and read again row by
 * row when a change is announced.
 *
 * Reads race: a row read for an older change may arrive after one read for a
 * newer change. Every read takes a sequence number when it starts and a row is
 * only written by a read that started later than the one that last wrote it,
 * so the newest read wins; a removed row leaves its sequence behind until a
 * full load that started after it has finished. A read that fails makes the
 * replica untrusted until a full load that started later succeeds, and a full
 * load older than `maxAgeMs` is not trusted either: that bounds how long a
 * change whose message was lost can go unseen.
 */
export class ReplicaBook {
  /** The sequence of the read that last wrote each row (removed rows too). */
  private readonly written = new Map<number, number>();
  private sequence = 0;
  /** When the last full load that succeeded started (clock ms), null before one. */
  private loadedAt: number | null = null;
  /** The sequence of the last read that failed and no full load has covered since (0: none). */
  private failedAt = 0;

  constructor(private readonly maxAgeMs: number) {}

  /** Whether the replica may answer at `nowMs`. */
  readyAt(nowMs: number): boolean {
    return this.loadedAt !== null && nowMs - this.loadedAt < this.maxAgeMs && this.failedAt === 0;
  }

  /** When the last full load that succeeded started (clock ms), null before one. */
  get lastLoadedAt(): number | null {
    return this.loadedAt;
  }

  /** The sequence of a read that starts now. */
  begin(): number {
    this.sequence += 1;
    return this.sequence;
  }

  /** Whether the read `sequence` may write row `id` (and, when it may, records it). */
  claim(id: number, sequence: number): boolean {
    if ((this.written.get(id) ?? 0) > sequence) return false;
    this.written.set(id, sequence);
    return true;
  }

  /** A full load that began at `sequence`, at clock `startedAt`, has written its rows. */
  loaded(sequence: number, startedAt: number, isKept: (id: number) => boolean): void {
    // a removal older than this load is now in it
    for (const [id, written] of this.written) {
      if (written <= sequence && !isKept(id)) this.written.delete(id);
    }
    this.loadedAt = startedAt;
    if (sequence > this.failedAt) this.failedAt = 0;
  }

  /** The read `sequence` failed: untrusted until a full load that starts later succeeds. */
  failed(sequence: number): void {
    this.failedAt = Math.max(this.failedAt, sequence);
  }
}
