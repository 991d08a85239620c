// Prints the gzip size of the JavaScript the landing page loads before it is
// interactive: the entry module and every module it preloads. Budget: 120 KB.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { buildIfStale } from '../scripts/build-if-stale.mjs';

const BUDGET_KB = 120;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const clientDir = path.join(root, 'apps/web/dist/client');

buildIfStale();
const html = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
const urls = new Set();
for (const match of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g))
  urls.add(match[1]);
for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))
  urls.add(match[1]);

let total = 0;
const rows = [];
for (const url of urls) {
  const bytes = fs.readFileSync(path.join(clientDir, url.replace(/^\//, '')));
  const gz = gzipSync(bytes, { level: 9 }).length;
  total += gz;
  rows.push(
    `  ${url}  ${(bytes.length / 1024).toFixed(1)} KB raw, ${(gz / 1024).toFixed(1)} KB gzip`,
  );
}
const totalKb = total / 1024;
process.stdout.write(`Landing page JavaScript before interactive:\n${rows.join('\n')}\n`);
process.stdout.write(
  `total: ${totalKb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB) — ${totalKb <= BUDGET_KB ? 'within budget' : 'OVER BUDGET'}\n`,
);
process.exit(totalKb <= BUDGET_KB ? 0 : 1);
