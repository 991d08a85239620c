import fs from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

/**
 * Each table has one owner, and only the owner's SQL names it
 * (docs/decisions/053-module-ownership.md, and the map at the top of
 * docs/architecture.md). Another module asks the owner's `service.ts`; the few
 * reads that stay cross-module are listed below with their reason, so a new one
 * is a decision rather than an accident.
 */

const SRC = path.join(import.meta.dirname, '../src');
const MODULES = path.join(SRC, 'modules');
const MIGRATIONS = path.join(SRC, 'db/migrations');

/** Table → the module (or adapter) whose SQL alone writes it. */
const OWNERS: Readonly<Record<string, string>> = {
  users: 'auth',
  refresh_tokens: 'auth',
  sign_in_codes: 'auth',
  account_tokens: 'account',
  phone_otps: 'account',
  user_addresses: 'addresses',
  profiles: 'profile',
  blog_posts: 'content',
  articles: 'content',
  seed_state: 'content',
  documents: 'content',
  contact_requests: 'contact',
  plans: 'payments',
  coupons: 'payments',
  coupon_redemptions: 'payments',
  coin_lots: 'payments',
  coin_ledger: 'payments',
  coin_spend_lots: 'payments',
  payment_orders: 'payments',
  payments: 'payments',
  payment_refunds: 'payments',
  enquiries: 'enquiries',
  enquiry_stars: 'enquiries',
  enquiry_views: 'enquiries',
  enquiry_contacts: 'enquiries',
  enquiry_reports: 'enquiries',
  conversations: 'chat',
  messages: 'chat',
  chat_send_windows: 'chat',
  reviews: 'reviews',
  lead_alerts: 'alerts',
  lead_alert_skips: 'alerts',
  lead_alerts_in_app: 'alerts',
  lead_alerts_seen: 'alerts',
  alert_settings: 'alerts',
  admin_audit_log: 'admin',
  dev_outbox: 'adapters/outbox',
  sandbox_orders: 'adapters/payments',
  sandbox_payments: 'adapters/payments',
  sandbox_refunds: 'adapters/payments',
};

interface Exception {
  module: string;
  table: string;
  reason: string;
}

/** Exceptions written module → table → reason, as a list. */
function exceptions(
  byModule: Readonly<Record<string, Readonly<Record<string, string>>>>,
): Exception[] {
  return Object.entries(byModule).flatMap(([module, tables]) =>
    Object.entries(tables).map(([table, reason]) => ({ module, table, reason })),
  );
}

/** Reads of another module's table, each with why the owner is not asked instead. */
const CROSS_READS: readonly Exception[] = [
  // an account's name, e-mail and state, shown or checked beside the module's own rows
  ...['account', 'addresses', 'chat', 'content', 'enquiries', 'payments', 'profile', 'reviews'].map(
    (module) => ({ module, table: 'users', reason: 'joins an account for display or a check' }),
  ),
  // one indexed query runs the feed's rules backwards, from a new enquiry to its tutors
  ...['enquiries', 'enquiry_reports', 'profiles', 'user_addresses', 'users'].map((table) => ({
    module: 'alerts',
    table,
    reason: 'finds the tutors a new enquiry fits (docs/matching.md)',
  })),
  ...exceptions({
    auth: { user_addresses: 'the onboarding step: has an address' },
    payments: { user_addresses: 'the billing address on invoices' },
    enquiries: {
      user_addresses: 'the poster’s locality',
      profiles: 'a responding tutor’s standing and card',
      conversations: 'a contact opens its chat',
      messages: 'a contact opens its chat',
    },
    reviews: { conversations: 'only a student who chatted may review' },
    chat: { enquiries: 'a conversation shows its enquiry’s name' },
  }),
];

/** Writes to another module's table: debts, each to become a call to the owner's service. */
const CROSS_WRITES: readonly Exception[] = exceptions({
  account: {
    users: 'e-mail, password and phone verification',
    refresh_tokens: 'a password reset ends sessions',
  },
  profile: { users: 'avatar URL and profile completion' },
  reviews: { profiles: 'the tutor’s rating and review count' },
  enquiries: {
    conversations: 'a contact opens its chat',
    messages: 'a contact’s first message',
  },
});

interface Use {
  module: string;
  table: string;
  write: boolean;
  file: string;
}

const TABLE_NAMES = Object.keys(OWNERS);
const SQL_STATEMENT = /\b(SELECT|INSERT INTO|UPDATE|DELETE FROM)\b/;
const SQL_REFERENCE = /\b(FROM|JOIN|INTO|UPDATE)\s+([a-z_][a-z0-9_]*)\b/g;
/** A table named as a value for dynamic SQL (`FROM ${table}`): a string or a key. */
const NAMED_TABLE = new RegExp(
  `(['"\`])(${TABLE_NAMES.join('|')})\\1|^\\s*(${TABLE_NAMES.join('|')}):`,
  'gm',
);

/** Every table a piece of SQL-bearing source names, and whether it writes it. */
function findTableUses(source: string): { table: string; write: boolean }[] {
  if (!SQL_STATEMENT.test(source)) return [];
  const uses: { table: string; write: boolean }[] = [];
  for (const match of source.matchAll(SQL_REFERENCE)) {
    const [, keyword, table] = match;
    if (!table || !(table in OWNERS)) continue;
    const deleting = keyword === 'FROM' && /DELETE\s+$/.test(source.slice(0, match.index));
    uses.push({ table, write: keyword === 'INTO' || keyword === 'UPDATE' || deleting });
  }
  // a name passed to dynamic SQL could be read or written: counted as a write
  for (const match of source.matchAll(NAMED_TABLE)) {
    const table = match[2] ?? match[3];
    if (table) uses.push({ table, write: true });
  }
  return uses;
}

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter(
      (entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name),
    )
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function moduleUses(): Use[] {
  const modules = fs
    .readdirSync(MODULES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return modules.flatMap((module) =>
    sourceFiles(path.join(MODULES, module)).flatMap((file) =>
      findTableUses(fs.readFileSync(file, 'utf8')).map((use) => ({
        module,
        ...use,
        file: path.relative(SRC, file),
      })),
    ),
  );
}

const isListed = (list: readonly Exception[], use: { module: string; table: string }): boolean =>
  list.some((entry) => entry.module === use.module && entry.table === use.table);

describe('table ownership', () => {
  const uses = moduleUses();

  it('gives every table a migration creates exactly one owner that exists', () => {
    const created = fs
      .readdirSync(MIGRATIONS)
      .filter((name) => name.endsWith('.sql'))
      .flatMap((name) => [
        ...fs
          .readFileSync(path.join(MIGRATIONS, name), 'utf8')
          .matchAll(/CREATE TABLE (?:IF NOT EXISTS )?([a-z_][a-z0-9_]*)/gi),
      ])
      .map((match) => match[1] ?? '');
    expect(created.filter((table) => !(table in OWNERS))).toEqual([]);
    expect(TABLE_NAMES.filter((table) => !created.includes(table))).toEqual([]);
    const owners = new Set(Object.values(OWNERS));
    const missing = [...owners].filter((owner) => {
      const dir = owner.startsWith('adapters/') ? path.join(SRC, owner) : path.join(MODULES, owner);
      return !fs.existsSync(dir);
    });
    expect(missing).toEqual([]);
  });

  it('lets no module write a table it does not own, but for the listed debts', () => {
    const foreign = uses
      .filter((use) => use.write && OWNERS[use.table] !== use.module)
      .filter((use) => !isListed(CROSS_WRITES, use))
      .map((use) => `${use.module} writes ${use.table} (${use.file})`);
    expect([...new Set(foreign)]).toEqual([]);
  });

  it('lets no module read a table it does not own, but for the listed reads', () => {
    const foreign = uses
      .filter((use) => !use.write && OWNERS[use.table] !== use.module)
      .filter((use) => !isListed(CROSS_READS, use) && !isListed(CROSS_WRITES, use))
      .map((use) => `${use.module} reads ${use.table} (${use.file})`);
    expect([...new Set(foreign)]).toEqual([]);
  });

  it('keeps no exception that is no longer needed (delete it once the code moved)', () => {
    const stale = [...CROSS_READS, ...CROSS_WRITES]
      .filter(
        (entry) =>
          !uses.some(
            (use) =>
              use.module === entry.module &&
              use.table === entry.table &&
              (CROSS_WRITES.includes(entry) ? use.write : true),
          ),
      )
      .map((entry) => `${entry.module} → ${entry.table}: ${entry.reason}`);
    expect(stale).toEqual([]);
  });

  it('finds reads, writes and dynamically named tables in SQL', () => {
    expect(
      findTableUses(`db.query('SELECT u.id FROM users u JOIN profiles p ON p.user_id = u.id')`),
    ).toEqual([
      { table: 'users', write: false },
      { table: 'profiles', write: false },
    ]);
    expect(
      findTableUses(`db.query('DELETE FROM plans WHERE id = $1'); UPDATE coupons SET`),
    ).toEqual([
      { table: 'plans', write: true },
      { table: 'coupons', write: true },
    ]);
    expect(
      findTableUses("const T = {\n  blog_posts: 'x',\n};\ndb.query(`SELECT * FROM ${t}`)"),
    ).toEqual([{ table: 'blog_posts', write: true }]);
    // prose without SQL names nothing
    expect(findTableUses("const label = 'users';")).toEqual([]);
  });
});
