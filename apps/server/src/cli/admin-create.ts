/**
 * `npm run admin:create -- --email E --password P --name N`: makes an
 * administrator account (nobody can sign up as one). Uses the server's own
 * configuration (.env / environment) and database. On the embedded database
 * the server must be stopped first; a running one is named and nothing changes.
 */
import { parseArgs } from 'node:util';

import { loadConfig } from '../config.ts';
import { openDb } from '../db/connection.ts';
import { claimDataDir, DataDirInUseError } from '../db/data-dir-lock.ts';
import { migrate } from '../db/migrate.ts';
import { createAdministrator } from '../modules/admin/service.ts';

const USAGE = 'Usage: npm run admin:create -- --email E --password P --name N';

async function run(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
    },
    strict: true,
  });
  if (!values.email || !values.password || !values.name) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const release = config.databaseUrl ? null : claimDataDir(config.dataDir, 'admin:create');
  try {
    const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      await migrate(db);
      const admin = await createAdministrator(db, {
        email: values.email,
        password: values.password,
        fullName: values.name,
      });
      process.stdout.write(`Administrator ${admin.email} created (user ${String(admin.id)}).\n`);
      return 0;
    } finally {
      await db.close();
    }
  } finally {
    release?.();
  }
}

run()
  .then((code) => {
    process.exitCode = code;
  })
  .catch((error: unknown) => {
    if (error instanceof DataDirInUseError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    }
    process.exitCode = 1;
  });
