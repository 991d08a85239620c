import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import {
  DOCUMENT_KINDS,
  SLUG_PATTERN,
  type DocumentKind,
} from '@gurumatch/shared/messages/content';
import { Marked } from 'marked';
import { parse as parseYaml } from 'yaml';

import type { Queryable } from '../../db/connection.ts';
import { findSeedHash, saveSeedHash } from '../../modules/content/queries.ts';
import {
  storeDocumentFile,
  type AreaGuideLists,
  type DocumentFile,
} from '../../modules/content/service.ts';

/**
 * The policies and area guides, one Markdown file each, beside this file in
 * `documents/` (and beside the built server in `dist/documents/`).
 */
export const DOCUMENTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'documents');

/** Markdown → HTML: GitHub's flavour (tables), no raw line breaks. The result is sanitized when stored. */
const markdown = new Marked({ gfm: true, breaks: false, async: false });

/** Bumped when the Markdown → HTML step changes, so every unedited document is written again. */
const MARKDOWN_VERSION = 1;

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

function strings(value: unknown, field: string, file: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string'))
    throw new Error(`${file}: '${field}' must be a list of texts`);
  return value;
}

function text(value: unknown, field: string, file: string): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw new Error(`${file}: '${field}' is missing`);
  return value.trim();
}

/**
 * One file: front matter (slug, kind, title, description, `updated` as a date,
 * and an area guide's lists) and a Markdown body. `updated` is taken as
 * midnight in India, the date the page shows.
 */
export function readDocumentFile(name: string, source: string): DocumentFile {
  const match = FRONT_MATTER.exec(source);
  if (!match) throw new Error(`${name}: no front matter`);
  const meta = parseYaml(match[1] ?? '', { schema: 'failsafe' }) as Record<string, unknown>;
  const slug = text(meta.slug, 'slug', name);
  if (!SLUG_PATTERN.test(slug) || `${slug}.md` !== name)
    throw new Error(`${name}: the slug must be the file's name`);
  const kind = text(meta.kind, 'kind', name);
  if (!(DOCUMENT_KINDS as readonly string[]).includes(kind))
    throw new Error(`${name}: unknown kind '${kind}'`);
  const updated = text(meta.updated, 'updated', name);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(updated)) throw new Error(`${name}: 'updated' is YYYY-MM-DD`);
  const lists: AreaGuideLists = {
    landmarks: strings(meta.landmarks, 'landmarks', name),
    popular_subjects: strings(meta.popular_subjects, 'popular_subjects', name),
    popular_boards: strings(meta.popular_boards, 'popular_boards', name),
    nearby_areas: strings(meta.nearby_areas, 'nearby_areas', name),
    nearby_localities: strings(meta.nearby_localities, 'nearby_localities', name),
  };
  return {
    slug,
    kind: kind as DocumentKind,
    title: text(meta.title, 'title', name),
    description: text(meta.description, 'description', name),
    html: markdown.parse(match[2] ?? '') as string,
    lists,
    updatedAt: new Date(`${updated}T00:00:00+05:30`),
    hash: createHash('sha256')
      .update(`${String(MARKDOWN_VERSION)}\n${source}`)
      .digest('hex'),
  };
}

/** Every document file of `dir`, by name. */
export function readDocumentFiles(dir = DOCUMENTS_DIR): DocumentFile[] {
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => readDocumentFile(name, fs.readFileSync(path.join(dir, name), 'utf8')));
}

/** The name of this seed in `seed_state`. */
const DOCUMENTS_SEED_NAME = 'documents';

/**
 * Writes the documents at start-up (in every environment: the policies are
 * part of the site). A file is stored when its page is absent, or when the
 * stored page is still an earlier version of that file; a page an
 * administrator edited is never overwritten. A start where no file changed
 * does one lookup. Answers how many pages were written, or null when nothing
 * had to be done.
 */
export async function seedDocumentsIfChanged(
  db: Queryable,
  dir = DOCUMENTS_DIR,
): Promise<number | null> {
  const files = readDocumentFiles(dir);
  const hash = createHash('sha256')
    .update(files.map((file) => file.hash).join('\n'))
    .digest('hex');
  if ((await findSeedHash(db, DOCUMENTS_SEED_NAME)) === hash) return null;
  let written = 0;
  for (const file of files) if (await storeDocumentFile(db, file)) written += 1;
  await saveSeedHash(db, DOCUMENTS_SEED_NAME, hash);
  return written;
}
