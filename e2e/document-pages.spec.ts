/**
 * The policies and area guides are stored documents now (decision 052); to a
 * reader and to a crawler they must read as they did when they were written in
 * the web app. `document-pages.json` holds, for each page, the headings and
 * the number of paragraphs its server render had then.
 */
import { readFileSync } from 'node:fs';

import { expect, test } from './fixtures.ts';

interface PageOutline {
  headings: string[];
  paragraphs: number;
}

const BEFORE = JSON.parse(
  readFileSync(new URL('./document-pages.json', import.meta.url), 'utf8'),
) as Record<string, PageOutline>;

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
  '&nbsp;': '\u00a0',
};

function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&[#\w]+;/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}

/** The headings and paragraph count of the page's `<main>`, as the server sends it. */
function outlineOf(html: string): PageOutline {
  const main = (/<main[\s\S]*?<\/main>/.exec(html)?.[0] ?? '').replaceAll('<!-- -->', '');
  const headings = [...main.matchAll(/<h[1-6][^>]*>([\s\S]*?)<\/h[1-6]>/g)].map((match) =>
    textOf(match[1] ?? ''),
  );
  return { headings, paragraphs: main.match(/<p[\s>]/g)?.length ?? 0 };
}

test.describe('policies and area guides read as before they were stored', () => {
  for (const [path, before] of Object.entries(BEFORE)) {
    test(path, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      expect(outlineOf(await response.text())).toEqual(before);
    });
  }
});
