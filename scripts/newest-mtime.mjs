// When a tree last changed: the newest modification time of any file below it,
// leaving out installed packages and build outputs. Builds that run only when
// their sources are newer than their outputs ask it.
import fs from 'node:fs';
import path from 'node:path';

/** The newest mtime (ms) of the files below `target` (0 when it does not exist). */
export function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}
