// Fills a migrated PostgreSQL database with generated blog posts through COPY
// (psql's COPY FROM STDIN, so no driver extension is needed), until it holds
// `count` posts named `bench-N`. Idempotent: it adds only the missing ones.
//   node bench/api/generate.mjs postgres://postgres@127.0.0.1:5432/bench_api 100000
import { spawn } from 'node:child_process';
import { once } from 'node:events';

import pg from 'pg';

/** Words of the generated posts; bench searches use some of them. */
export const SUBJECTS = [
  'maths',
  'physics',
  'chemistry',
  'biology',
  'english',
  'hindi',
  'kannada',
  'history',
  'geography',
  'economics',
];
export const TOPICS = [
  'board',
  'exams',
  'revision',
  'homework',
  'practice',
  'olympiad',
  'grammar',
  'notes',
];
const AREAS = [
  'Koramangala',
  'Jayanagar',
  'Whitefield',
  'Indiranagar',
  'HSR Layout',
  'Malleshwaram',
];

/** What post `i` is about: its subject, topic, class and area. */
function aboutPost(i) {
  return {
    subject: SUBJECTS[i % SUBJECTS.length],
    topic: TOPICS[(i * 7) % TOPICS.length],
    classLevel: (i % 12) + 1,
    area: AREAS[(i * 3) % AREAS.length],
  };
}

/**
 * Searches a reader could type that find generated posts: every subject, topic
 * and class that some post is about, as `physics revision class 7`.
 */
export function searchPhrases() {
  const phrases = new Set();
  for (let i = 1; i <= 1_000; i += 1) {
    const { subject, topic, classLevel } = aboutPost(i);
    phrases.add(`${subject} ${topic} class ${String(classLevel)}`);
  }
  return [...phrases];
}

function csv(value) {
  return `"${String(value).replace(/"/g, '""')}"`;
}

function row(i) {
  const { subject, topic, classLevel, area } = aboutPost(i);
  const title = `${subject[0].toUpperCase()}${subject.slice(1)} ${topic} for class ${classLevel} in ${area} (${i})`;
  const paragraphs = [
    `A ${subject} tutor in ${area} shares how ${topic} fits into a week of classes.`,
    `Start with the chapters that carry the most marks, then practise past papers every weekend until the exam. Parents can help by keeping a quiet corner and a fixed time.`,
    `Post number ${i}: short, steady sessions beat long ones; a weekly test shows what to revise next.`,
  ];
  const content = `<h2>${title}</h2>${paragraphs.map((p) => `<p>${p}</p>`).join('')}`;
  const text = `${title} ${paragraphs.join(' ')}`;
  const created = new Date(Date.UTC(2018, 0, 1) + i * 20 * 60 * 1000).toISOString();
  return [
    csv(`bench-${i}`),
    csv(title),
    csv(content),
    csv(text),
    csv(paragraphs[0]),
    csv(`{${subject},${topic}}`),
    'true',
    csv(created),
    csv(created),
    '1',
  ].join(',');
}

export async function generatePosts(url, count) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const [{ have }] = (
    await client.query(`SELECT count(*)::int AS have FROM blog_posts WHERE slug LIKE 'bench-%'`)
  ).rows;
  await client.end();
  if (have >= count) return { added: 0, total: have };
  const psql = spawn(
    'psql',
    [
      url,
      '-v',
      'ON_ERROR_STOP=1',
      '-c',
      `COPY blog_posts (slug, title, content, content_text, excerpt, tags, is_published, created_at,
                        updated_at, sanitized_version) FROM STDIN WITH (FORMAT csv)`,
    ],
    { stdio: ['pipe', 'inherit', 'inherit'] },
  );
  for (let i = have + 1; i <= count; i += 1) {
    if (!psql.stdin.write(`${row(i)}\n`)) await once(psql.stdin, 'drain');
  }
  psql.stdin.end();
  const [code] = await once(psql, 'exit');
  if (code !== 0) throw new Error(`psql COPY failed (${code})`);
  const after = new pg.Client({ connectionString: url });
  await after.connect();
  await after.query('VACUUM ANALYZE blog_posts');
  await after.end();
  return { added: count - have, total: count };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [url, count = '100000'] = process.argv.slice(2);
  if (!url) {
    console.error('usage: node bench/api/generate.mjs DATABASE_URL [count]');
    process.exit(2);
  }
  const started = Date.now();
  const result = await generatePosts(url, Number(count));
  console.log(
    `${result.added} posts added (${result.total} in all) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
