import type { TokenPair, UserStatus } from '@gurumatch/shared/schemas/auth';
import type { FeedWithFilters, TutorEnquiry } from '@gurumatch/shared/schemas/enquiries';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { bearer, countRows, decodeAccess, rows, signIn } from '../../test/factories.ts';

import { DEMO_ACCOUNTS, seedDemoData, seedDemoEnquiries } from './demo.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

const demoEmails = DEMO_ACCOUNTS.map((account) => account.email);

describe('seedDemoData', () => {
  it('creates the demo accounts once, however often it runs', async () => {
    const first = await seedDemoData(t.db);
    const second = await seedDemoData(t.db);

    expect(first.map((account) => account.email).sort()).toEqual([...demoEmails].sort());
    expect(second).toEqual([]);
    expect(await countRows(t.db, 'users', 'email = ANY($1)', [demoEmails])).toBe(
      DEMO_ACCOUNTS.length,
    );
    const addresses = await rows<{ email: string }>(
      t.db,
      `SELECT u.email FROM user_addresses a JOIN users u ON u.id = a.user_id
        WHERE u.email = ANY($1) AND a.is_primary`,
      [demoEmails],
    );
    expect(addresses).toHaveLength(DEMO_ACCOUNTS.length);
  });

  it.each(DEMO_ACCOUNTS.map((account) => [account.role, account] as const))(
    'lets the demo %s sign in straight to the dashboard',
    async (role, account) => {
      const response = await signIn(t.app, account.email, account.password);
      expect(response.statusCode).toBe(200);
      const pair = response.json<TokenPair>();
      expect(decodeAccess(pair.access)).toMatchObject({
        role,
        email: account.email,
        full_name: account.fullName,
      });

      const status = await t.app.inject({
        method: 'GET',
        url: '/api/auth/user/status/',
        headers: bearer(pair.access),
      });
      expect(status.json<UserStatus>()).toEqual({
        is_authenticated: true,
        redirect_to: 'dashboard',
      });
    },
  );
});

describe('the demo tutor', () => {
  it('has a finished, verified profile with its photo and documents in storage', async () => {
    const other = await buildTestApp();
    try {
      await seedDemoData(other.db, other.ctx.storage);
      const [profile] = await rows<{
        subjects: string[];
        is_doc_verified: boolean;
        avatar_key: string | null;
        id_proof_key: string | null;
      }>(
        other.db,
        `SELECT p.subjects, p.is_doc_verified, p.avatar_key, p.id_proof_key
           FROM profiles p JOIN users u ON u.id = p.user_id WHERE u.email = $1`,
        ['teacher@demo.gurumatch.in'],
      );
      expect(profile?.subjects).toContain('Mathematics');
      expect(profile?.is_doc_verified).toBe(true);
      const avatar = await other.ctx.storage.get(profile?.avatar_key ?? '');
      expect(avatar?.contentType).toBe('image/webp');
      const proof = await other.ctx.storage.get(profile?.id_proof_key ?? '');
      expect(proof?.body.subarray(0, 5).toString()).toBe('%PDF-');
      // a real page an administrator can open, not an empty stub
      expect(proof?.body.toString('latin1')).toContain('/Type /Pages /Kids [3 0 R] /Count 1');
      expect(proof?.body.toString('latin1')).toContain('(Name: Rahul Sharma) Tj');

      // the photo is served where the user row points (it answered 404 once)
      const [user] = await rows<{ avatar_url: string }>(
        other.db,
        'SELECT avatar_url FROM users WHERE email = $1',
        ['teacher@demo.gurumatch.in'],
      );
      const served = await other.app.inject({
        method: 'GET',
        url: new URL(user?.avatar_url ?? '', 'http://x').pathname,
      });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
    } finally {
      await other.close();
    }
  });
});

describe('the demo posters', () => {
  it('each post one enquiry from their own area, once, and the demo tutor finds them in the feed', async () => {
    await seedDemoData(t.db);
    expect(await seedDemoEnquiries(t.ctx)).toBe(3);
    expect(await seedDemoEnquiries(t.ctx)).toBe(0);

    const posted = await rows<{ email: string; name: string; formatted_address: string }>(
      t.db,
      `SELECT u.email, e.name, e.formatted_address FROM enquiries e JOIN users u ON u.id = e.student_id
        WHERE u.email = ANY($1) ORDER BY u.email`,
      [demoEmails],
    );
    expect(posted).toEqual([
      {
        email: 'fatima.sheikh@demo.gurumatch.in',
        name: 'State Board Class 9 Maths',
        formatted_address: 'BTM Layout, Bengaluru, Karnataka 560076, India',
      },
      {
        email: 'karthik.menon@demo.gurumatch.in',
        name: 'Physics for Class 12 boards',
        formatted_address: 'Indiranagar, Bengaluru, Karnataka 560038, India',
      },
      {
        email: 'meera.iyer@demo.gurumatch.in',
        name: 'CBSE Class 10 Maths',
        formatted_address: 'HSR Layout, Bengaluru, Karnataka 560102, India',
      },
    ]);

    const tutor = await signIn(t.app, 'teacher@demo.gurumatch.in', 'Teacher@123');
    const feed = await t.app.inject({
      method: 'GET',
      url: '/api/enquiry/teacher/enquiry-filters/',
      headers: bearer(tutor.json<TokenPair>().access),
    });
    expect(feed.statusCode).toBe(200);
    const names = feed.json<FeedWithFilters>().results.enquiries.map((card) => card.name);
    expect([...names].sort()).toEqual([
      'CBSE Class 10 Maths',
      'Physics for Class 12 boards',
      'State Board Class 9 Maths',
    ]);
  });

  it('opens contacting to the demo tutor; the pending demo tutor reads them but is refused, nothing stored', async () => {
    await seedDemoData(t.db);
    await seedDemoEnquiries(t.ctx);
    const [enquiry] = await rows<{ id: number }>(
      t.db,
      `SELECT e.id FROM enquiries e JOIN users u ON u.id = e.student_id
        WHERE u.email = 'meera.iyer@demo.gurumatch.in'`,
    );
    const path = `/api/enquiry/enquiries/${String(enquiry?.id)}/`;
    const quote = { price_quote: 500, price_type: 'Hourly', message: 'Free demo class.' };
    const tokenOf = async (email: string) =>
      (await signIn(t.app, email, 'Teacher@123')).json<TokenPair>().access;

    const pending = await tokenOf('tutor.pending@demo.gurumatch.in');
    const pendingView = await t.app.inject({ method: 'GET', url: path, headers: bearer(pending) });
    // seeded here without a storage, so no documents are on file (the e-mail is verified)
    expect(pendingView.json<TutorEnquiry>()).toMatchObject({
      can_contact: false,
      contact_pending: ['documents_missing'],
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/enquiry/${String(enquiry?.id)}/send-message/`,
      headers: bearer(pending),
      payload: quote,
    });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json<{ code: string }>().code).toBe('contact_not_allowed');

    const verified = await tokenOf('teacher@demo.gurumatch.in');
    const view = await t.app.inject({ method: 'GET', url: path, headers: bearer(verified) });
    expect(view.json<TutorEnquiry>()).toMatchObject({ can_contact: true, contact_pending: [] });
    expect(await countRows(t.db, 'enquiry_contacts', 'enquiry_id = $1', [enquiry?.id ?? 0])).toBe(
      0,
    );
  });
});
