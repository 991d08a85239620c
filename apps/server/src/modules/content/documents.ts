import { CONTENT_MESSAGES, type DocumentKind } from '@gurumatch/shared/messages/content';
import type { AreaFaq, AreaGuide, SiteDocument } from '@gurumatch/shared/schemas/content';

import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { requireFound } from '../../lib/not-found.ts';

import {
  countDocuments,
  findDocument,
  findDocumentBySlug,
  listDocuments,
  updateDocument,
  upsertSeededDocument,
  type DocumentRow,
} from './queries.ts';
import { convertHtmlToText, sanitizeContentHtml } from './sanitize.ts';

/** Version of the stored-HTML clean-up (see service.ts); documents are stored through it. */
const DOCUMENT_SANITIZER_VERSION = 1;

/** An area guide's lists, kept beside its text (front matter of its file). */
export type AreaGuideLists = Pick<
  AreaGuide,
  'landmarks' | 'popular_subjects' | 'popular_boards' | 'nearby_areas' | 'nearby_localities'
>;

/** The headings an area guide's text is read by: its introduction comes before the first. */
export const AREA_GUIDE_HEADINGS = { travel: 'Getting there', faqs: 'Questions' } as const;

const NO_LISTS: AreaGuideLists = {
  landmarks: [],
  popular_subjects: [],
  popular_boards: [],
  nearby_areas: [],
  nearby_localities: [],
};

const badGuide = (): AppError =>
  new AppError(400, 'validation_error', CONTENT_MESSAGES.areaGuideIncomplete, {
    content: [CONTENT_MESSAGES.areaGuideIncomplete],
  });

/** Sanitized HTML → [heading text or null for the part before the first heading, HTML] pairs. */
function splitAt(html: string, tag: 'h2' | 'h3'): [string | null, string][] {
  const parts = html.split(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`));
  const sections: [string | null, string][] = [[null, parts[0] ?? '']];
  for (let i = 1; i < parts.length; i += 2)
    sections.push([convertHtmlToText(parts[i] ?? ''), parts[i + 1] ?? '']);
  return sections;
}

/**
 * An area guide's parts read from its sanitized HTML: the introduction (before
 * the first heading), the travel section and the questions (a small heading
 * each, its answer below). A guide missing one answers 400.
 */
export function readAreaGuide(html: string, lists: AreaGuideLists): AreaGuide {
  const sections = splitAt(html, 'h2');
  const intro = convertHtmlToText(sections[0]?.[1] ?? '');
  const travel = sections.find(([title]) => title === AREA_GUIDE_HEADINGS.travel);
  const questions = sections.find(([title]) => title === AREA_GUIDE_HEADINGS.faqs);
  const faqs: AreaFaq[] = splitAt(questions?.[1] ?? '', 'h3')
    .slice(1)
    .map(([question, answer]) => ({ question: question ?? '', answer: convertHtmlToText(answer) }))
    .filter((faq) => faq.question !== '' && faq.answer !== '');
  if (!intro || !travel || !convertHtmlToText(travel[1]) || faqs.length === 0) throw badGuide();
  return { intro, travel: convertHtmlToText(travel[1]), faqs, ...lists };
}

/** The lists stored with a guide (empty for a policy or an unreadable row). */
function listsOf(details: unknown): AreaGuideLists {
  if (typeof details !== 'object' || details === null) return NO_LISTS;
  const record = details as Partial<Record<keyof AreaGuideLists, unknown>>;
  const strings = (value: unknown): string[] =>
    Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  return {
    landmarks: strings(record.landmarks),
    popular_subjects: strings(record.popular_subjects),
    popular_boards: strings(record.popular_boards),
    nearby_areas: strings(record.nearby_areas),
    nearby_localities: strings(record.nearby_localities),
  };
}

export function toSiteDocument(row: DocumentRow): SiteDocument {
  return {
    slug: row.slug,
    kind: row.kind,
    title: row.title,
    description: row.description,
    content: row.content,
    updated_at: new Date(row.updated_at).toISOString(),
    guide: row.kind === 'area_guide' ? (row.details as AreaGuide) : null,
  };
}

/** The columns a document's text decides: sanitized once here, never on read. */
function prepareDocument(
  kind: DocumentKind,
  body: { title: string; description: string; content: string },
  lists: AreaGuideLists,
) {
  const content = sanitizeContentHtml(body.content);
  return {
    title: convertHtmlToText(body.title),
    description: convertHtmlToText(body.description),
    content,
    contentText: convertHtmlToText(content),
    details: kind === 'area_guide' ? readAreaGuide(content, lists) : null,
    sanitizedVersion: DOCUMENT_SANITIZER_VERSION,
  };
}

/** A policy or area guide by slug (the public page's data). */
export async function getDocument(ctx: AppContext, slug: string): Promise<SiteDocument> {
  const row = requireFound(await findDocumentBySlug(ctx.db, slug));
  return toSiteDocument(row);
}

export interface DocumentFile {
  slug: string;
  kind: DocumentKind;
  title: string;
  description: string;
  /** HTML made from the file's Markdown. */
  html: string;
  lists: AreaGuideLists;
  updatedAt: Date;
  /** The hash of the file (and of what turned it into HTML). */
  hash: string;
}

/** Stores a document read from its file unless an administrator edited it; answers whether it wrote. */
export function storeDocumentFile(db: Queryable, file: DocumentFile): Promise<boolean> {
  return upsertSeededDocument(db, {
    slug: file.slug,
    kind: file.kind,
    ...prepareDocument(file.kind, { ...file, content: file.html }, file.lists),
    seededHash: file.hash,
    updatedAt: file.updatedAt,
  });
}

// ---- the back office (its routes, role check and audit log are in modules/admin) ----

export interface DocumentPage {
  count: number;
  rows: SiteDocumentWithId[];
}

export type SiteDocumentWithId = SiteDocument & { id: number; edited: boolean };

export function toDocumentItem(row: DocumentRow): SiteDocumentWithId {
  return { ...toSiteDocument(row), id: row.id, edited: row.seeded_hash === null };
}

/** Documents matching every search pattern, for the back-office list. */
export async function findDocuments(
  db: Queryable,
  patterns: readonly string[],
  limit: number,
  offset: number,
): Promise<DocumentPage> {
  const [count, rows] = await Promise.all([
    countDocuments(db, patterns),
    listDocuments(db, patterns, limit, offset),
  ]);
  return { count, rows: rows.map(toDocumentItem) };
}

/** What the audit log keeps of a document, before and after a change. */
export function documentSnapshot(doc: SiteDocumentWithId): Record<string, unknown> {
  return {
    slug: doc.slug,
    title: doc.title,
    description: doc.description,
    content: doc.content,
    updated_at: doc.updated_at,
  };
}

/**
 * An administrator's edit, inside the caller's transaction: the text is
 * sanitized (an area guide must keep its parts), `updated_at` becomes `at`
 * (the page's "last updated"), and the repository's file no longer overwrites
 * the row. Answers the document before and after.
 */
export async function editDocument(
  tx: Queryable,
  id: number,
  patch: { title?: string; description?: string; content?: string },
  at: Date,
): Promise<{ before: SiteDocumentWithId; after: SiteDocumentWithId }> {
  const row = requireFound(await findDocument(tx, id, true));
  const fields = prepareDocument(
    row.kind,
    {
      title: patch.title ?? row.title,
      description: patch.description ?? row.description,
      content: patch.content ?? row.content,
    },
    listsOf(row.details),
  );
  const updated = requireFound(await updateDocument(tx, id, fields, at));
  return { before: toDocumentItem(row), after: toDocumentItem(updated) };
}
