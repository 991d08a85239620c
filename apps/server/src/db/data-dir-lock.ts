import fs from 'node:fs';
import path from 'node:path';

/**
 * The embedded database can be opened by one process at a time. The process
 * that opens it writes `gurumatch.lock` (its pid) into the data folder; another
 * process finding a live pid there stops with a clear message instead of
 * corrupting the files. A lock left by a process that died is taken over.
 */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    readonly owner: string,
  ) {
    super(
      `The data folder ${dataDir} is in use by a running GuruMatch ${owner} (process ${String(pid)}). ` +
        'Stop it first, then try again.',
    );
    this.name = 'DataDirInUseError';
  }
}

interface LockContent {
  pid: number;
  owner: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(file: string): LockContent | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockContent>;
    return typeof parsed.pid === 'number'
      ? { pid: parsed.pid, owner: typeof parsed.owner === 'string' ? parsed.owner : 'server' }
      : null;
  } catch {
    return null;
  }
}

export function lockFileOf(dataDir: string): string {
  return path.join(dataDir, 'gurumatch.lock');
}

/** Claims the data folder for this process; answers the release function. */
export function claimDataDir(dataDir: string, owner: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = lockFileOf(dataDir);
  const content = JSON.stringify({ pid: process.pid, owner });
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(file, content, { flag: 'wx' });
      return () => {
        if (readLock(file)?.pid === process.pid) fs.rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const held = readLock(file);
      if (held && held.pid !== process.pid && isAlive(held.pid)) {
        throw new DataDirInUseError(dataDir, held.pid, held.owner);
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not claim the data folder ${dataDir}`);
}
