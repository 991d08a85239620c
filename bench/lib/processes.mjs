// The benchmarks' child processes: started until they print that they are
// ready, stopped with SIGTERM, and all of them stopped when the benchmark ends.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const children = new Set();

function stopChildren() {
  for (const child of children) child.kill('SIGTERM');
}
process.on('exit', stopChildren);
process.on('SIGINT', () => process.exit(130));

/**
 * Runs `node …args` in the repository with `env` added, resolving once its
 * output includes `readyText`; rejects with that output if it exits first.
 * With `niceness`, it runs at that CPU priority (`nice -n`); with `idle`, in
 * Linux's idle scheduling class (`chrt --idle 0`): it gets a core only when no
 * other process wants it.
 */
export function startProcess(args, env, readyText, { niceness = 0, idle = false } = {}) {
  const command = [process.execPath, ...args];
  const [program, ...programArgs] = idle
    ? ['chrt', '--idle', '0', ...command]
    : niceness === 0
      ? command
      : ['nice', '-n', String(niceness), ...command];
  return new Promise((resolve, reject) => {
    const child = spawn(program, programArgs, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let output = '';
    const onData = (chunk) => {
      output += chunk.toString();
      if (output.includes(readyText)) resolve(child);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      children.delete(child);
      reject(new Error(`process exited (${String(code)}):\n${output}`));
    });
  });
}

/** The built server on `port` with `env` added (its data directory a new temporary one). */
export function startBuiltServer(env, options) {
  return startProcess(
    ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')],
    { HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO_DATA: 'false', ...env },
    'GuruMatch is running',
    options,
  );
}

/** Sends SIGTERM and resolves once the process is gone. */
export function stopProcess(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve();
      return;
    }
    child.removeAllListeners('exit');
    child.once('exit', () => {
      children.delete(child);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
