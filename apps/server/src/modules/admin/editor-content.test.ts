import { CONTENT_EDITOR_STARTER_KIT } from '@gurumatch/shared/content-editor';
import type { AdminBlog } from '@gurumatch/shared/schemas/admin';
import type { BlogPost } from '@gurumatch/shared/schemas/content';
import type { JSONContent } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { generateHTML } from '@tiptap/html/server';
import StarterKit from '@tiptap/starter-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { call, rows, signInNewAdministrator } from '../../../test/factories.ts';

/**
 * The back office's editor (Tiptap, configured with the shared options) writes
 * HTML that the content sanitiser must keep as it is, so that what Preview
 * shows is what is published. The HTML here is the editor's own output.
 */
const EXTENSIONS = [
  StarterKit.configure(CONTENT_EDITOR_STARTER_KIT),
  Image.configure({ inline: false, allowBase64: false }),
];

const text = (value: string, marks: JSONContent['marks'] = []): JSONContent => ({
  type: 'text',
  text: value,
  ...(marks.length > 0 ? { marks } : {}),
});
const paragraph = (...content: JSONContent[]): JSONContent => ({ type: 'paragraph', content });

const DOCUMENT: JSONContent = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [text('Plan the year')] },
    paragraph(text('Start early for exams.')),
    paragraph(
      text('Revise '),
      text('every', [{ type: 'bold' }]),
      text(' '),
      text('weekend', [{ type: 'italic' }]),
      text(' and '),
      text('underline', [{ type: 'underline' }]),
      text(' the hard parts.'),
    ),
    { type: 'heading', attrs: { level: 3 }, content: [text('Each week')] },
    {
      type: 'bulletList',
      content: [
        { type: 'listItem', content: [paragraph(text('One past paper'))] },
        { type: 'listItem', content: [paragraph(text('One mock test'))] },
      ],
    },
    {
      type: 'orderedList',
      attrs: { start: 1 },
      content: [{ type: 'listItem', content: [paragraph(text('Read'))] }],
    },
    { type: 'blockquote', content: [paragraph(text('Little and often.'))] },
    paragraph(
      text('See the '),
      text('board site', [{ type: 'link', attrs: { href: 'https://cbse.gov.in/' } }]),
      { type: 'hardBreak' },
      text('or the '),
      text('FAQs', [{ type: 'link', attrs: { href: '/faqs' } }]),
      text('.'),
    ),
    {
      type: 'image',
      attrs: { src: '/media/content/0123456789abcdef0123456789abcdef.png', alt: 'Timetable' },
    },
  ],
};

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('content written with the back office editor', () => {
  it('is published exactly as the editor wrote it: paragraphs, headings, lists, marks, links, images', async () => {
    const html = generateHTML(DOCUMENT, EXTENSIONS);
    // the editor's own HTML: separate paragraphs, no browser-specific <div>s
    expect(html).toContain('<p>Start early for exams.</p><p>Revise <strong>every</strong>');
    expect(html).not.toContain('<div');

    const admin = await signInNewAdministrator(t.app, t.db);
    const created = await call(t.app, 'POST', '/api/admin/blogs/', admin.access, {
      title: 'Revision that works',
      content: html,
      published: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const post = created.json<AdminBlog>();
    // the only change the sanitiser makes to the editor's HTML: images load lazily
    // (and empty elements are written `<br />`, the same element)
    const expected = html
      .replace(/<img ([^>]*)>/g, '<img $1 loading="lazy" />')
      .replace(/<br>/g, '<br />');
    expect(post.content).toBe(expected);

    const [stored] = await rows<{ content: string }>(
      t.db,
      'SELECT content FROM blog_posts WHERE id = $1',
      [post.id],
    );
    expect(stored?.content).toBe(expected);

    const served = await call(t.app, 'GET', `/api/blog/blogs/${post.slug}/`);
    expect(served.statusCode).toBe(200);
    const published = served.json<BlogPost>();
    expect(published.content).toBe(expected);
    expect(published.content).toContain(
      '<p>Start early for exams.</p><p>Revise <strong>every</strong> <em>weekend</em>',
    );
    expect(published.excerpt).toContain('Start early for exams. Revise every weekend');
  });
});
