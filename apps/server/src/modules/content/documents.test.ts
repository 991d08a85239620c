import type { AdminDocument, AdminDocumentList } from '@gurumatch/shared/schemas/admin';
import type { SiteDocument } from '@gurumatch/shared/schemas/content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { call, registerUser, rows, signInNewAdministrator } from '../../../test/factories.ts';
import { readDocumentFiles, seedDocumentsIfChanged } from '../../seed/content/seed-documents.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await seedDocumentsIfChanged(t.db);
});

afterAll(async () => {
  await t.close();
});

/** `PATCH /api/admin/documents/{id}/` with a token (or none) and a body. */
function patchDocument(id: number, token: string | undefined, patch: unknown) {
  return call(t.app, 'PATCH', `/api/admin/documents/${String(id)}/`, token, patch);
}

async function idOf(slug: string): Promise<number> {
  const [row] = await rows<{ id: number }>(t.db, 'SELECT id FROM documents WHERE slug = $1', [
    slug,
  ]);
  if (!row) throw new Error(`no document ${slug}`);
  return row.id;
}

describe('GET /api/blog/documents/{slug}/', () => {
  it('answers a policy as sanitized HTML with its last-updated date, to anyone', async () => {
    const response = await call(
      t.app,
      'GET',
      '/api/blog/documents/cancellation-and-refund-policy/',
    );
    expect(response.statusCode).toBe(200);
    const doc = response.json<SiteDocument>();
    expect(doc.title).toBe('Cancellation and Refund Policy');
    expect(doc.kind).toBe('policy');
    expect(doc.guide).toBeNull();
    expect(doc.updated_at).toBe('2025-08-09T18:30:00.000Z');
    expect(doc.content).toContain('<h2>What this policy covers</h2>');
    expect(doc.content).toContain('<table>');
    expect(doc.content).toContain('<a href="/contact-us">contact form</a>');
  });

  it("answers an area guide's parts: introduction, travel, questions and lists", async () => {
    const response = await call(t.app, 'GET', '/api/blog/documents/rt-nagar-bangalore/');
    expect(response.statusCode).toBe(200);
    const guide = response.json<SiteDocument>().guide;
    expect(guide?.intro).toMatch(/^RT Nagar \(Rabindranath Tagore Nagar\) is a compact/);
    expect(guide?.travel).toMatch(/^RT Nagar has no metro station yet/);
    expect(guide?.faqs.map((faq) => faq.question)).toEqual([
      'Can I find an Urdu or Hindi tutor in RT Nagar?',
      'Do tutors in RT Nagar teach ICSE students?',
      'Are weekend classes available in RT Nagar?',
    ]);
    expect(guide?.nearby_areas).toEqual(['hebbal-bangalore']);
    expect(guide?.landmarks).toContain('Mekhri Circle');
  });

  it('answers 404 for an unknown slug', async () => {
    const response = await call(t.app, 'GET', '/api/blog/documents/no-such-page/');
    expect(response.statusCode).toBe(404);
    expect(response.json<{ code: string }>().code).toBe('not_found');
  });
});

describe('the seed', () => {
  it('stores the three policies and 17 area guides, and a second run does nothing', async () => {
    expect(readDocumentFiles()).toHaveLength(20);
    const [count] = await rows<{ n: number }>(t.db, 'SELECT count(*)::int AS n FROM documents');
    expect(count?.n).toBe(20);
    expect(await seedDocumentsIfChanged(t.db)).toBeNull();
  });
});

describe('PATCH /api/admin/documents/{id}/', () => {
  it('needs a token (401) and an administrator (403), and changes nothing then', async () => {
    const id = await idOf('terms-of-use');
    const patch = { title: 'Changed' };
    expect((await patchDocument(id, undefined, patch)).statusCode).toBe(401);
    const student = await registerUser(t.app);
    const forbidden = await patchDocument(id, student.access, patch);
    expect(forbidden.statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/documents/', student.access)).statusCode).toBe(
      403,
    );
    const [row] = await rows<{ title: string }>(t.db, 'SELECT title FROM documents WHERE id = $1', [
      id,
    ]);
    expect(row?.title).toBe('Terms of Use');
  });

  it('refuses a malformed body (400 JSON) and an unknown id (404), changing nothing', async () => {
    const admin = await signInNewAdministrator(t.app, t.db);
    const id = await idOf('terms-of-use');
    const bad = await patchDocument(id, admin.access, {
      title: '',
      content: 42,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ code: string }>().code).toBe('validation_error');
    const missing = await call(t.app, 'PATCH', '/api/admin/documents/999999/', admin.access, {
      title: 'x',
    });
    expect(missing.statusCode).toBe(404);
    const [row] = await rows<{ title: string; seeded_hash: string | null }>(
      t.db,
      'SELECT title, seeded_hash FROM documents WHERE id = $1',
      [id],
    );
    expect(row?.title).toBe('Terms of Use');
    expect(row?.seeded_hash).not.toBeNull();
  });

  it('stores the edit sanitized, moves the last-updated date, audits it, and the seed keeps it', async () => {
    const admin = await signInNewAdministrator(t.app, t.db);
    const id = await idOf('privacy-policy');
    const response = await patchDocument(id, admin.access, {
      content:
        '<p>Intro <script>alert(1)</script><a href="javascript:alert(1)" onclick="x()">x</a></p><h2>Only section</h2><p>Text.</p>',
    });
    expect(response.statusCode, response.body).toBe(200);
    const edited = response.json<AdminDocument>();
    expect(edited.content).toBe('<p>Intro <a>x</a></p><h2>Only section</h2><p>Text.</p>');
    expect(edited.edited).toBe(true);
    expect(Date.parse(edited.updated_at)).toBeGreaterThan(Date.parse('2025-08-10'));

    const served = (
      await call(t.app, 'GET', '/api/blog/documents/privacy-policy/')
    ).json<SiteDocument>();
    expect(served.content).toBe(edited.content);
    expect(served.updated_at).toBe(edited.updated_at);

    const [entry] = await rows<{
      action: string;
      actor_id: number;
      before: { content: string };
      after: { content: string };
    }>(
      t.db,
      `SELECT action, actor_id, before, after FROM admin_audit_log
        WHERE target_type = 'document' AND target_id = $1 ORDER BY id DESC LIMIT 1`,
      [id],
    );
    expect(entry?.action).toBe('document.update');
    expect(entry?.actor_id).toBe(admin.userId);
    expect(entry?.before.content).toContain('Who we are and what this policy covers');
    expect(entry?.after.content).toBe(edited.content);

    // a start with changed files (another seed hash) writes the unedited pages only
    await t.db.query("UPDATE seed_state SET content_hash = 'older' WHERE name = 'documents'");
    await t.db.query("UPDATE documents SET seeded_hash = 'older' WHERE slug = 'terms-of-use'");
    expect(await seedDocumentsIfChanged(t.db)).toBe(1);
    const after = (
      await call(t.app, 'GET', '/api/blog/documents/privacy-policy/')
    ).json<SiteDocument>();
    expect(after.content).toBe(edited.content);
  });

  it('keeps an area guide readable: an edit without its questions is refused', async () => {
    const admin = await signInNewAdministrator(t.app, t.db);
    const id = await idOf('hebbal-bangalore');
    const refused = await patchDocument(id, admin.access, {
      content: '<p>Only an introduction.</p>',
    });
    expect(refused.statusCode).toBe(400);
    const accepted = await patchDocument(id, admin.access, {
      content:
        '<p>New intro.</p><h2>Getting there</h2><p>By bus.</p><h2>Questions</h2><h3>Is it near?</h3><p>Yes.</p>',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const guide = (
      await call(t.app, 'GET', '/api/blog/documents/hebbal-bangalore/')
    ).json<SiteDocument>().guide;
    expect(guide?.intro).toBe('New intro.');
    expect(guide?.faqs).toEqual([{ question: 'Is it near?', answer: 'Yes.' }]);
    expect(guide?.landmarks.length).toBeGreaterThan(0);
  });

  it('lists the documents for administrators, searchable', async () => {
    const admin = await signInNewAdministrator(t.app, t.db);
    const list = await call(t.app, 'GET', '/api/admin/documents/?search=policy', admin.access);
    expect(list.statusCode).toBe(200);
    const body = list.json<AdminDocumentList>();
    expect(body.results.map((doc) => doc.slug).sort()).toEqual([
      'cancellation-and-refund-policy',
      'privacy-policy',
    ]);
  });
});
