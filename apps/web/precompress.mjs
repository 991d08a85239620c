// Writes .br and .gz beside every built asset, so the server sends them
// compressed at the best ratio without compressing on each request.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const assets = path.join(path.dirname(fileURLToPath(import.meta.url)), 'dist/client/assets');
for (const name of fs.readdirSync(assets)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const file = path.join(assets, name);
  const body = fs.readFileSync(file);
  fs.writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  fs.writeFileSync(
    `${file}.br`,
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}
