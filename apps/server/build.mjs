// Bundles the server (and the shared package's TypeScript) into dist/main.js;
// npm packages stay external. Migrations are copied beside it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@gurumatch/'));

await build({
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile: path.join(here, 'dist/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
fs.rmSync(path.join(here, 'dist/migrations'), { recursive: true, force: true });
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(here, 'dist/migrations'), {
  recursive: true,
});
// the policies and area guides the server stores at start-up
fs.rmSync(path.join(here, 'dist/documents'), { recursive: true, force: true });
fs.cpSync(path.join(here, 'src/seed/content/documents'), path.join(here, 'dist/documents'), {
  recursive: true,
});
