import fs from 'node:fs/promises';
import path from 'node:path';

import type { FileStorage } from './index.ts';

const KEY_PATTERN = /^[a-z0-9][a-z0-9/_.-]*$/i;

function safePath(root: string, key: string): string {
  if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`Bad storage key: ${key}`);
  return path.join(root, key);
}

/** Files in a folder (DATA_DIR/uploads); the content type is kept beside each file. */
export function createLocalStorage(root: string): FileStorage {
  return {
    kind: 'local',
    async put(key, body, contentType) {
      const file = safePath(root, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, body);
      await fs.writeFile(`${file}.type`, contentType);
    },
    async get(key) {
      const file = safePath(root, key);
      try {
        const [body, contentType] = await Promise.all([
          fs.readFile(file),
          fs.readFile(`${file}.type`, 'utf8'),
        ]);
        return { body, contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      const file = safePath(root, key);
      await Promise.all([fs.rm(file, { force: true }), fs.rm(`${file}.type`, { force: true })]);
    },
  };
}
