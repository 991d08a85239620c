// Where a benchmark's processor time goes, phase by phase: each process of
// the run by its part (a serving instance, a worker, the phones…), and each
// PostgreSQL backend by the part of the connection it serves, named by the
// `application_name` its instance connected with. Read from Linux's /proc
// once a second (a backend that ends between two reads loses its last
// second), so it is the processor time of the whole machine's parts, not a
// timing: far steadier from run to run than a latency's tail.
import fs from 'node:fs';

import pg from 'pg';

/** Clock ticks a second of /proc/<pid>/stat's times (Linux's USER_HZ, 100 on every build we run). */
const TICKS_PER_SECOND = 100;
const SAMPLE_MS = 1000;

/** Processor time `pid` has used so far, in ms; null once it is gone. */
function cpuMsOf(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
    // the fields after the command's closing parenthesis: utime and stime are the 12th and 13th
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/**
 * Processor time the host has taken from this machine's cores so far, in ms
 * (`steal` of /proc/stat, summed over the cores): time a core of a virtual
 * machine wanted to run and was not let. None on a machine of its own.
 */
function stolenMs() {
  try {
    const [line] = fs.readFileSync('/proc/stat', 'utf8').split('\n');
    // cpu user nice system idle iowait irq softirq steal …
    return (Number(line.trim().split(/\s+/)[8] ?? 0) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The pids of running processes whose command is `name` (Redis, say). */
function pidsNamed(name) {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Whether this machine has the /proc this account reads. */
export function canAccountCpu() {
  return cpuMsOf(process.pid) !== null;
}

/**
 * An account on `databaseUrl`'s database. `parts()` answers the run's own
 * processes as { pid → part } at each read (instances come and go between
 * phases); backends are named `db: <application_name>`, the database's own
 * processes `db: background`, Redis `redis`.
 */
export async function openCpuAccount(databaseUrl, parts) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const redis = pidsNamed('redis-server');
  /** phase → part → ms */
  const totals = new Map();
  const seconds = new Map();
  let phase = null;
  let began = 0;
  let stolenAtBegin = 0;
  /** pid → { part, ms at the last read } */
  let last = new Map();
  let timer = null;
  let reading = null;

  const read = async () => {
    const { rows } = await db.query(
      `SELECT pid, backend_type, application_name FROM pg_stat_activity
        WHERE datname = current_database() OR datname IS NULL`,
    );
    const now = new Map();
    for (const [pid, part] of parts()) now.set(pid, part);
    for (const pid of redis) now.set(pid, 'redis');
    for (const row of rows) {
      const part =
        row.backend_type === 'client backend'
          ? `db: ${row.application_name || 'unnamed'}`
          : 'db: background';
      now.set(row.pid, part);
    }
    const account = totals.get(phase);
    const next = new Map();
    for (const [pid, part] of now) {
      const ms = cpuMsOf(pid);
      if (ms === null) continue;
      // a process first seen in this phase started in it: all of its time so far is the phase's
      const before = last.get(pid)?.ms ?? (phase === null ? ms : 0);
      if (account) account.set(part, (account.get(part) ?? 0) + ms - before);
      next.set(pid, { part, ms });
    }
    // processes gone since the last read keep what that read counted
    last = next;
  };
  const tick = () => {
    reading = read().catch(() => undefined);
  };

  return {
    /** Starts counting the processor time of `name` (a phase) from now. */
    async begin(name) {
      await reading;
      phase = null;
      await read();
      phase = name;
      if (!totals.has(name)) totals.set(name, new Map());
      began = Date.now();
      stolenAtBegin = stolenMs();
      timer = setInterval(tick, SAMPLE_MS);
    },
    /**
     * Stops counting: the time since `begin` is the phase's. Answers the ms a
     * second the host took from the machine's cores meanwhile (steal): a phase
     * with much of it was slowed by the host, whatever ran in it.
     */
    async end() {
      clearInterval(timer);
      const stolen = stolenMs() - stolenAtBegin;
      await reading;
      await read();
      const took = (Date.now() - began) / 1000;
      seconds.set(phase, (seconds.get(phase) ?? 0) + took);
      phase = null;
      return stolen / took;
    },
    /** phase → part → ms of processor time a second of the phase. */
    perSecond() {
      return new Map(
        [...totals].map(([name, account]) => [
          name,
          new Map([...account].map(([part, ms]) => [part, ms / (seconds.get(name) ?? 1)])),
        ]),
      );
    },
    close: () => db.end(),
  };
}
