import { ADMIN_MAIL, ADMIN_MESSAGES } from '@gurumatch/shared/messages/admin';
import { ENQUIRY_MESSAGES } from '@gurumatch/shared/messages/enquiries';
import type {
  AdminBlog,
  AdminCoupon,
  AdminPlan,
  AdminReportList,
  AdminUser,
  AdminUserList,
  AuditList,
  ConfirmFakeResult,
  VerificationList,
} from '@gurumatch/shared/schemas/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  call,
  countRows,
  grantCoins,
  registerTeacher,
  registerUser,
  rows,
  signIn,
  signInNewAdministrator,
  strongPassword,
  uniqueEmail,
  type Method,
  type RegisteredUser,
  type SignedInAdministrator,
} from '../../../test/factories.ts';
import { spendCoins } from '../payments/service.ts';

let t: TestApp;
let admin: SignedInAdministrator;
let student: RegisteredUser;
let tutor: RegisteredUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInNewAdministrator(t.app, t.db);
  student = await registerUser(t.app);
  tutor = await registerTeacher(t.app);
});

afterAll(async () => {
  await t.close();
});

async function auditActions(targetType: string, targetId: number): Promise<string[]> {
  const response = await call(
    t.app,
    'GET',
    `/api/admin/audit-log/?target_type=${targetType}&target_id=${String(targetId)}`,
    admin.access,
  );
  expect(response.statusCode).toBe(200);
  return response.json<AuditList>().results.map((entry) => entry.action);
}

async function mailsTo(email: string): Promise<{ subject: string; body: string }[]> {
  const box = t.ctx.outbox;
  if (!box) throw new Error('the dev outbox is not active');
  return (await box.list(1000)).filter((entry) => entry.kind === 'email' && entry.to === email);
}

describe('every admin path of the OpenAPI document', () => {
  it('refuses visitors (401), students and tutors (403)', async () => {
    const doc = (await call(t.app, 'GET', '/api/docs/json')).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const operations = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => ({
          method: method.toUpperCase() as Method,
          url: path.replace(/\{[^}]+\}/g, '1'),
        })),
      );
    expect(operations.length).toBeGreaterThanOrEqual(29);
    for (const { method, url } of operations) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      const asVisitor = await call(t.app, method, url, undefined, body);
      expect(asVisitor.statusCode, `${method} ${url} as a visitor`).toBe(401);
      const asStudent = await call(t.app, method, url, student.access, body);
      expect(asStudent.statusCode, `${method} ${url} as a student`).toBe(403);
      const asTutor = await call(t.app, method, url, tutor.access, body);
      expect(asTutor.statusCode, `${method} ${url} as a tutor`).toBe(403);
    }
  });

  it('refuses sign-up as an administrator', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register/',
      payload: {
        full_name: 'Sneaky',
        email: uniqueEmail(),
        password: strongPassword,
        confirm_password: strongPassword,
        role: 'admin',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(await countRows(t.db, 'users', "role = 'admin'")).toBeGreaterThanOrEqual(1);
    expect(await countRows(t.db, 'users', "full_name = 'Sneaky'")).toBe(0);
  });
});

async function tutorWithProofs(): Promise<RegisteredUser> {
  const someone = await registerTeacher(t.app);
  const idKey = `proofs/${String(someone.userId)}/id_proof-test.pdf`;
  const qualificationKey = `proofs/${String(someone.userId)}/qualification_proof-test.pdf`;
  await t.ctx.storage.put(idKey, Buffer.from('%PDF-1.4 test'), 'application/pdf');
  await t.ctx.storage.put(qualificationKey, Buffer.from('%PDF-1.4 test'), 'application/pdf');
  await rows(
    t.db,
    `INSERT INTO profiles (user_id, id_proof_key, qualification_proof_key, verification_status)
     VALUES ($1, $2, $3, 'pending')
     ON CONFLICT (user_id) DO UPDATE SET id_proof_key = $2, qualification_proof_key = $3,
            verification_status = 'pending'`,
    [someone.userId, idKey, qualificationKey],
  );
  return someone;
}

describe('verification', () => {
  it('lists pending tutors with their private proofs, which administrators may open', async () => {
    const someone = await tutorWithProofs();
    const list = await call(t.app, 'GET', '/api/admin/verifications/?page_size=50', admin.access);
    expect(list.statusCode).toBe(200);
    const item = list
      .json<VerificationList>()
      .results.find((row) => row.user_id === someone.userId);
    expect(item).toMatchObject({ status: 'pending', is_doc_verified: false });
    const proofUrl = item?.id_proof ?? '';
    expect((await call(t.app, 'GET', proofUrl, admin.access)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', proofUrl, tutor.access)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', proofUrl)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', proofUrl, someone.access)).statusCode).toBe(200);
  });

  it('approves: the profile is verified, the tutor is e-mailed and the log records it', async () => {
    const someone = await tutorWithProofs();
    const response = await call(
      t.app,
      'POST',
      `/api/admin/verifications/${String(someone.userId)}/approve/`,
      admin.access,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<{ message: string }>().message).toBe(ADMIN_MESSAGES.approved);
    const [stored] = await rows<{ is_doc_verified: boolean; verification_status: string }>(
      t.db,
      'SELECT is_doc_verified, verification_status FROM profiles WHERE user_id = $1',
      [someone.userId],
    );
    expect(stored).toEqual({ is_doc_verified: true, verification_status: 'approved' });
    expect((await mailsTo(someone.email)).some((mail) => /verified/i.test(mail.subject))).toBe(
      true,
    );
    expect(await auditActions('profile', someone.userId)).toEqual(['verification.approve']);
    // the user list and the user's page show it too
    const listed = await call(
      t.app,
      'GET',
      `/api/admin/users/?search=${encodeURIComponent(someone.email)}`,
      admin.access,
    );
    expect(listed.json<AdminUserList>().results).toEqual([
      expect.objectContaining({ id: someone.userId, is_doc_verified: true }),
    ]);
    const user = await call(
      t.app,
      'GET',
      `/api/admin/users/${String(someone.userId)}/`,
      admin.access,
    );
    expect(user.json<AdminUser>()).toMatchObject({ is_doc_verified: true });
  });

  it('rejects only with a reason, which reaches the tutor', async () => {
    const someone = await tutorWithProofs();
    const url = `/api/admin/verifications/${String(someone.userId)}/reject/`;
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      const refused = await call(t.app, 'POST', url, admin.access, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ detail: string }>().detail).toBeTruthy();
    }
    expect(await auditActions('profile', someone.userId)).toEqual([]);
    const response = await call(t.app, 'POST', url, admin.access, {
      reason: 'The ID photo is blurred.',
    });
    expect(response.statusCode).toBe(200);
    const [stored] = await rows<{ is_doc_verified: boolean; verification_reason: string }>(
      t.db,
      'SELECT is_doc_verified, verification_reason FROM profiles WHERE user_id = $1',
      [someone.userId],
    );
    expect(stored).toEqual({
      is_doc_verified: false,
      verification_reason: 'The ID photo is blurred.',
    });
    const mails = await mailsTo(someone.email);
    expect(mails.some((mail) => mail.body.includes('The ID photo is blurred.'))).toBe(true);
  });

  it('refuses tutors without both documents, students and unknown users', async () => {
    const bare = await registerTeacher(t.app);
    const someStudent = await registerUser(t.app);
    for (const id of [bare.userId, someStudent.userId]) {
      await rows(t.db, 'INSERT INTO profiles (user_id) VALUES ($1) ON CONFLICT DO NOTHING', [id]);
    }
    const approve = (id: number) =>
      call(t.app, 'POST', `/api/admin/verifications/${String(id)}/approve/`, admin.access);
    expect((await approve(bare.userId)).statusCode).toBe(400);
    expect((await approve(someStudent.userId)).statusCode).toBe(400);
    expect((await approve(2_000_000)).statusCode).toBe(404);
    expect(
      await countRows(t.db, 'profiles', 'user_id = $1 AND is_doc_verified', [bare.userId]),
    ).toBe(0);
  });
});

describe('users', () => {
  it('finds users by name, e-mail or phone', async () => {
    const someone = await registerUser(t.app, { full_name: 'Zubin Quraishi' });
    await rows(
      t.db,
      "UPDATE users SET phone_country_code = '+91', phone_number = '9833243110' WHERE id = $1",
      [someone.userId],
    );
    for (const search of ['zubin', 'Quraishi', someone.email, '98332 43110', '+919833243110']) {
      const response = await call(
        t.app,
        'GET',
        `/api/admin/users/?search=${encodeURIComponent(search)}`,
        admin.access,
      );
      expect(response.statusCode).toBe(200);
      const ids = response.json<AdminUserList>().results.map((user) => user.id);
      expect(ids, search).toContain(someone.userId);
    }
    const none = await call(
      t.app,
      'GET',
      '/api/admin/users/?search=nobody-like-this',
      admin.access,
    );
    expect(none.json<AdminUserList>()).toMatchObject({ count: 0, results: [] });
  });

  it("suspends: the user's token is refused on the next request and the password stops working", async () => {
    const someone = await registerUser(t.app);
    expect((await call(t.app, 'GET', '/api/auth/user/status/', someone.access)).statusCode).toBe(
      200,
    );
    const refused = await call(
      t.app,
      'POST',
      `/api/admin/users/${String(someone.userId)}/suspend/`,
      admin.access,
      {},
    );
    expect(refused.statusCode).toBe(400);
    const response = await call(
      t.app,
      'POST',
      `/api/admin/users/${String(someone.userId)}/suspend/`,
      admin.access,
      { reason: 'Abusive messages' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<AdminUser>()).toMatchObject({
      is_active: false,
      suspension_reason: 'Abusive messages',
    });
    expect((await call(t.app, 'GET', '/api/auth/user/status/', someone.access)).statusCode).toBe(
      401,
    );
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/refresh/',
      payload: { refresh: someone.refresh },
    });
    expect(refresh.statusCode).toBe(401);
    expect((await signIn(t.app, someone.email, someone.password)).statusCode).toBe(401);

    const back = await call(
      t.app,
      'POST',
      `/api/admin/users/${String(someone.userId)}/reinstate/`,
      admin.access,
    );
    expect(back.statusCode).toBe(200);
    expect(back.json<AdminUser>().is_active).toBe(true);
    expect((await signIn(t.app, someone.email, someone.password)).statusCode).toBe(200);
    expect(await auditActions('user', someone.userId)).toEqual(['user.reinstate', 'user.suspend']);
  });

  it('never suspends an administrator', async () => {
    const other = await signInNewAdministrator(t.app, t.db);
    const response = await call(
      t.app,
      'POST',
      `/api/admin/users/${String(other.userId)}/suspend/`,
      admin.access,
      { reason: 'test' },
    );
    expect(response.statusCode).toBe(403);
    expect(await countRows(t.db, 'users', 'id = $1 AND is_active', [other.userId])).toBe(1);
  });

  it('marks students premium, not tutors', async () => {
    const someone = await registerUser(t.app);
    const url = `/api/admin/users/${String(someone.userId)}/premium/`;
    const response = await call(t.app, 'POST', url, admin.access);
    expect(response.statusCode).toBe(200);
    expect(await countRows(t.db, 'users', 'id = $1 AND is_premium', [someone.userId])).toBe(1);
    const off = await call(t.app, 'POST', url, admin.access, { is_premium: false });
    expect(off.json<AdminUser>().is_premium).toBe(false);
    const onTutor = await call(
      t.app,
      'POST',
      `/api/admin/users/${String(tutor.userId)}/premium/`,
      admin.access,
    );
    expect(onTutor.statusCode).toBe(400);
    expect(await countRows(t.db, 'users', 'id = $1 AND is_premium', [tutor.userId])).toBe(0);
  });
});

/** An enquiry by `poster` that `payers` each paid 10 coins to contact, reported by the first. */
async function reportedEnquiry(
  poster: RegisteredUser,
  payers: RegisteredUser[],
): Promise<{ enquiryId: number; reportId: number }> {
  const now = t.clock.now();
  const [enquiry] = await rows<{ id: number }>(
    t.db,
    `INSERT INTO enquiries (student_id, name, study_mode, class_level, subject, language, user_budget,
                            when_to_start, formatted_address, latitude, longitude, coins_required,
                            posted_at, expires_at)
     VALUES ($1, 'Maths tuition', 'offline', 'Class 10', 'Mathematics', 'English', 3000,
             'immediately', 'Jayanagar, Bengaluru', 12.9, 77.59, 10, $2, $2::timestamptz + interval '30 days')
     RETURNING id`,
    [poster.userId, now],
  );
  const enquiryId = enquiry?.id ?? 0;
  for (const payer of payers) {
    await grantCoins(t.db, payer.userId, 50, now);
    const spend = await t.db.transaction((tx) =>
      spendCoins(tx, { userId: payer.userId, coins: 10, reason: 'Contact', enquiryId, now }),
    );
    const [conversation] = await rows<{ id: number }>(
      t.db,
      `INSERT INTO conversations (enquiry_id, tutor_id, student_id) VALUES ($1, $2, $3) RETURNING id`,
      [enquiryId, payer.userId, poster.userId],
    );
    await rows(
      t.db,
      `INSERT INTO messages (conversation_id, sender_id, content) VALUES ($1, $2, 'Hello, I can teach')`,
      [conversation?.id, payer.userId],
    );
    await rows(
      t.db,
      `INSERT INTO enquiry_contacts (enquiry_id, tutor_id, conversation_id, spend_entry_id, coins_spent,
                                     price_quote, price_type, created_at)
       VALUES ($1, $2, $3, $4, 10, 500, 'Hourly', $5)`,
      [enquiryId, payer.userId, conversation?.id, spend.entryId, now],
    );
  }
  const [report] = await rows<{ id: number }>(
    t.db,
    `INSERT INTO enquiry_reports (enquiry_id, tutor_id, reason, message, created_at)
     VALUES ($1, $2, 'Fake information', 'Number does not exist', $3) RETURNING id`,
    [enquiryId, payers[0]?.userId, now],
  );
  return { enquiryId, reportId: report?.id ?? 0 };
}

async function balanceOf(userId: number): Promise<number> {
  const [row] = await rows<{ balance: number }>(
    t.db,
    'SELECT coalesce(sum(remaining), 0)::int AS balance FROM coin_lots WHERE user_id = $1',
    [userId],
  );
  return row?.balance ?? 0;
}

describe('reports', () => {
  it('shows the enquiry, the reporter and their conversation', async () => {
    const poster = await registerUser(t.app);
    const payer = await registerTeacher(t.app);
    const { reportId } = await reportedEnquiry(poster, [payer]);
    const response = await call(t.app, 'GET', '/api/admin/reports/?page_size=50', admin.access);
    const report = response.json<AdminReportList>().results.find((row) => row.id === reportId);
    expect(report).toMatchObject({
      status: 'open',
      reporter: { id: payer.userId },
      poster: { id: poster.userId },
      enquiry: { name: 'Maths tuition', contacts: 1 },
    });
    expect(report?.conversation.map((message) => message.content)).toEqual(['Hello, I can teach']);
  });

  it('confirm fake: archives, refunds every paying tutor once, warns the poster', async () => {
    const poster = await registerUser(t.app);
    const payers = [await registerTeacher(t.app), await registerTeacher(t.app)];
    const { enquiryId, reportId } = await reportedEnquiry(poster, payers);
    expect(await balanceOf(payers[1]?.userId ?? 0)).toBe(40);

    const url = `/api/admin/reports/${String(reportId)}/confirm-fake/`;
    const answers = await Promise.all([
      call(t.app, 'POST', url, admin.access, { poster_action: 'warn' }),
      call(t.app, 'POST', url, admin.access, { poster_action: 'warn' }),
      call(t.app, 'POST', url, admin.access, { poster_action: 'warn' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400]);
    const ok = answers.find((answer) => answer.statusCode === 200);
    expect(ok?.json<ConfirmFakeResult>()).toMatchObject({ refunded_tutors: 2, refunded_coins: 20 });

    for (const payer of payers) {
      expect(await balanceOf(payer.userId)).toBe(50);
      // the e-mail is a job stored with the refund, sent once it commits
      const refundMails = async () =>
        (await mailsTo(payer.email)).filter(
          (mail) => mail.subject === ENQUIRY_MESSAGES.refundEmailSubject,
        ).length;
      await expect.poll(refundMails, { timeout: 15_000 }).toBe(1);
      expect(
        await countRows(t.db, 'coin_ledger', "user_id = $1 AND kind = 'refund' AND coins = 10", [
          payer.userId,
        ]),
      ).toBe(1);
    }
    expect(await countRows(t.db, 'enquiries', 'id = $1 AND archived', [enquiryId])).toBe(1);
    expect(
      await countRows(t.db, 'enquiry_contacts', 'enquiry_id = $1 AND refunded_at IS NOT NULL', [
        enquiryId,
      ]),
    ).toBe(2);
    expect(
      await countRows(t.db, 'users', 'id = $1 AND warning_count = 1 AND is_active', [
        poster.userId,
      ]),
    ).toBe(1);
    // exactly one warning mail, besides the sign-up mail every account gets
    const warnings = (await mailsTo(poster.email)).filter(
      (mail) => mail.subject === ADMIN_MAIL.warningSubject,
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.body).toBe(ADMIN_MAIL.warningText(poster.fullName));
    expect(await auditActions('report', reportId)).toEqual(['report.confirm_fake']);
  });

  it("confirm fake with suspension ends the poster's sessions", async () => {
    const poster = await registerUser(t.app);
    const { reportId } = await reportedEnquiry(poster, [await registerTeacher(t.app)]);
    const response = await call(
      t.app,
      'POST',
      `/api/admin/reports/${String(reportId)}/confirm-fake/`,
      admin.access,
      { poster_action: 'suspend' },
    );
    expect(response.statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/auth/user/status/', poster.access)).statusCode).toBe(
      401,
    );
  });

  it('dismisses once; a dismissed report cannot be confirmed', async () => {
    const poster = await registerUser(t.app);
    const payer = await registerTeacher(t.app);
    const { enquiryId, reportId } = await reportedEnquiry(poster, [payer]);
    const dismiss = await call(
      t.app,
      'POST',
      `/api/admin/reports/${String(reportId)}/dismiss/`,
      admin.access,
    );
    expect(dismiss.statusCode).toBe(200);
    const confirm = await call(
      t.app,
      'POST',
      `/api/admin/reports/${String(reportId)}/confirm-fake/`,
      admin.access,
    );
    expect(confirm.statusCode).toBe(400);
    expect(await countRows(t.db, 'enquiries', 'id = $1 AND archived', [enquiryId])).toBe(0);
    expect(await balanceOf(payer.userId)).toBe(40);
  });
});

/** Every file the sitemap index names, joined. */
async function wholeSitemap(): Promise<string> {
  const index = (await call(t.app, 'GET', '/sitemap.xml')).body;
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '');
  let text = '';
  for (const file of files) text += (await call(t.app, 'GET', new URL(file).pathname)).body;
  return text;
}

describe('content', () => {
  it('stores sanitised HTML, makes unique slugs, and publishing drives the public list and sitemap', async () => {
    const body = {
      title: 'Board exam tips',
      content: '<p>Start early.</p><script>alert(1)</script><img src="javascript:x" onerror="y">',
      published: false,
    };
    const first = await call(t.app, 'POST', '/api/admin/blogs/', admin.access, body);
    expect(first.statusCode).toBe(201);
    const post = first.json<AdminBlog>();
    expect(post.slug).toBe('board-exam-tips');
    expect(post.content).toBe('<p>Start early.</p>');
    const second = await call(t.app, 'POST', '/api/admin/blogs/', admin.access, body);
    expect(second.json<AdminBlog>().slug).toBe('board-exam-tips-2');

    const publicPath = `/api/blog/blogs/${post.slug}/`;
    expect((await call(t.app, 'GET', publicPath)).statusCode).toBe(404);
    const blogPath = `/api/admin/blogs/${String(post.id)}/`;
    const published = await call(t.app, 'PATCH', blogPath, admin.access, { published: true });
    expect(published.statusCode).toBe(200);
    expect((await call(t.app, 'GET', publicPath)).statusCode).toBe(200);
    expect(await wholeSitemap()).toContain(`/blogs/${post.slug}<`);

    await call(t.app, 'PATCH', `/api/admin/blogs/${String(post.id)}/`, admin.access, {
      published: false,
    });
    expect((await call(t.app, 'GET', publicPath)).statusCode).toBe(404);
    expect(await wholeSitemap()).not.toContain(`/blogs/${post.slug}<`);
    expect(await auditActions('blog_post', post.id)).toEqual([
      'blog.unpublish',
      'blog.publish',
      'blog.create',
    ]);

    const taken = await call(t.app, 'PATCH', `/api/admin/blogs/${String(post.id)}/`, admin.access, {
      slug: 'board-exam-tips-2',
    });
    expect(taken.statusCode).toBe(400);
    expect(
      (await call(t.app, 'DELETE', `/api/admin/blogs/${String(post.id)}/`, admin.access))
        .statusCode,
    ).toBe(200);
    expect(await countRows(t.db, 'blog_posts', 'id = $1', [post.id])).toBe(0);
  });

  it('refuses an empty title or body and stores nothing', async () => {
    const before = await countRows(t.db, 'blog_posts');
    for (const body of [
      { title: '', content: '<p>x</p>', published: true },
      { title: 'x', content: '', published: true },
      { title: 'x', content: '<p>x</p>' },
    ]) {
      const response = await call(t.app, 'POST', '/api/admin/blogs/', admin.access, body);
      expect(response.statusCode).toBe(400);
    }
    expect(await countRows(t.db, 'blog_posts')).toBe(before);
  });

  it('FAQ drafts stay off the public list until published', async () => {
    const created = await call(t.app, 'POST', '/api/admin/articles/', admin.access, {
      title: 'How do coins work?',
      content: '<p>Each contact costs coins.</p>',
      category: 'teacher',
      published: false,
    });
    expect(created.statusCode).toBe(201);
    const { id, slug } = created.json<{ id: number; slug: string }>();
    expect((await call(t.app, 'GET', `/api/blog/articles/${slug}/`)).statusCode).toBe(404);
    const published = await call(
      t.app,
      'PATCH',
      `/api/admin/articles/${String(id)}/`,
      admin.access,
      {
        published: true,
      },
    );
    // a field the PATCH leaves out keeps its value (not the default of a new article)
    expect(published.json<{ category: string }>().category).toBe('teacher');
    expect((await call(t.app, 'GET', `/api/blog/articles/${slug}/`)).statusCode).toBe(200);
  });
});

describe('plans and coupons', () => {
  /** A row made, edited and retired is audited in that order; an unknown id is a 404. */
  async function expectEditTrail(kind: 'plan' | 'coupon', id: number): Promise<void> {
    expect(await auditActions(kind, id)).toEqual([
      `${kind}.retire`,
      `${kind}.update`,
      `${kind}.create`,
    ]);
    const unknown = await call(t.app, 'PATCH', `/api/admin/${kind}s/999999/`, admin.access, {});
    expect(unknown.statusCode).toBe(404);
  }

  it('creates, edits and retires a plan; a taken name is refused', async () => {
    const body = {
      name: `pro-${String(Date.now() % 100000)}`,
      display_name: '2 Years',
      coins: 2000,
      price_paise: 349_900,
      validity_days: 730,
    };
    const created = await call(t.app, 'POST', '/api/admin/plans/', admin.access, body);
    expect(created.statusCode).toBe(201);
    const plan = created.json<AdminPlan>();
    expect((await call(t.app, 'POST', '/api/admin/plans/', admin.access, body)).statusCode).toBe(
      400,
    );
    const edited = await call(
      t.app,
      'PATCH',
      `/api/admin/plans/${String(plan.id)}/`,
      admin.access,
      {
        display_name: '24 Months',
        features: ['Priority support'],
        sort_order: 3,
      },
    );
    expect(edited.json<AdminPlan>()).toMatchObject({
      name: body.name,
      display_name: '24 Months',
      features: ['Priority support'],
      sort_order: 3,
      coins: 2000,
      is_active: true,
    });
    const retired = await call(
      t.app,
      'PATCH',
      `/api/admin/plans/${String(plan.id)}/`,
      admin.access,
      {
        is_active: false,
      },
    );
    // what the PATCH leaves out keeps its value
    expect(retired.json<AdminPlan>()).toMatchObject({
      is_active: false,
      coins: 2000,
      display_name: '24 Months',
      features: ['Priority support'],
      sort_order: 3,
    });
    await expectEditTrail('plan', plan.id);
    const bad = await call(t.app, 'POST', '/api/admin/plans/', admin.access, {
      ...body,
      coins: -1,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('creates, edits and retires a coupon; bad percentages and unknown plans are refused', async () => {
    const code = `SAVE${String(Date.now() % 100000)}`;
    const created = await call(t.app, 'POST', '/api/admin/coupons/', admin.access, {
      code: code.toLowerCase(),
      kind: 'percent',
      value: 1000,
    });
    expect(created.statusCode).toBe(201);
    const coupon = created.json<AdminCoupon>();
    expect(coupon.code).toBe(code);
    for (const body of [
      { code: `${code}X`, kind: 'percent', value: 20_000 },
      { code: `${code}Y`, kind: 'flat', value: 100, plan_ids: [999_999] },
      { code, kind: 'flat', value: 100 },
    ]) {
      expect(
        (await call(t.app, 'POST', '/api/admin/coupons/', admin.access, body)).statusCode,
      ).toBe(400);
    }
    const path = `/api/admin/coupons/${String(coupon.id)}/`;
    const edited = await call(t.app, 'PATCH', path, admin.access, {
      value: 1500,
      valid_from: '2030-01-01T00:00:00Z',
      valid_until: '2030-02-01T00:00:00Z',
      max_redemptions: 50,
    });
    expect(edited.json<AdminCoupon>()).toMatchObject({
      code,
      kind: 'percent',
      value: 1500,
      valid_from: '2030-01-01T00:00:00.000Z',
      valid_until: '2030-02-01T00:00:00.000Z',
      max_redemptions: 50,
      is_active: true,
    });
    const backwards = await call(t.app, 'PATCH', path, admin.access, {
      valid_from: '2030-03-01T00:00:00Z',
      valid_until: '2030-02-01T00:00:00Z',
    });
    expect(backwards.statusCode).toBe(400);
    const retired = await call(t.app, 'PATCH', path, admin.access, { is_active: false });
    // what the PATCH leaves out keeps its value
    expect(retired.json<AdminCoupon>()).toMatchObject({
      is_active: false,
      value: 1500,
      valid_from: '2030-01-01T00:00:00.000Z',
      valid_until: '2030-02-01T00:00:00.000Z',
      max_redemptions: 50,
    });
    await expectEditTrail('coupon', coupon.id);
    // editing a retired coupon does not put it back on sale
    const stillRetired = await call(t.app, 'PATCH', path, admin.access, { value: 1600 });
    expect(stillRetired.json<AdminCoupon>()).toMatchObject({ value: 1600, is_active: false });
  });
});

describe('contact requests, payments and the audit log', () => {
  it('moves a contact request through new, answered, closed', async () => {
    const [request] = await rows<{ id: number }>(
      t.db,
      `INSERT INTO contact_requests (full_name, email, contact_number, subject, message)
       VALUES ('Ravi', 'ravi@example.in', '9000000000', 'payment_issue', 'Coins missing') RETURNING id`,
    );
    const id = request?.id ?? 0;
    const inbox = await call(t.app, 'GET', '/api/admin/contact-requests/?status=new', admin.access);
    expect(inbox.json<{ results: { id: number }[] }>().results.map((row) => row.id)).toContain(id);
    const requestPath = `/api/admin/contact-requests/${String(id)}/`;
    const answered = await call(t.app, 'PATCH', requestPath, admin.access, {
      status: 'answered',
      note: 'Replied by e-mail',
    });
    expect(answered.statusCode).toBe(200);
    const bad = await call(t.app, 'PATCH', requestPath, admin.access, {
      status: 'lost',
    });
    expect(bad.statusCode).toBe(400);
    expect(await countRows(t.db, 'contact_requests', "id = $1 AND status = 'answered'", [id])).toBe(
      1,
    );
  });

  it('pages payments and refuses unknown refunds', async () => {
    const list = await call(t.app, 'GET', '/api/admin/payments/', admin.access);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ previous: null });
    const refund = await call(t.app, 'POST', '/api/admin/payments/999999/refund/', admin.access, {
      method: 'coins',
      reason: 'Duplicate',
    });
    expect(refund.statusCode).toBe(404);
  });

  it('pages the audit log with next and previous links', async () => {
    const first = await call(t.app, 'GET', '/api/admin/audit-log/?page_size=2', admin.access);
    const page = first.json<AuditList>();
    expect(page.count).toBeGreaterThan(2);
    expect(page.results).toHaveLength(2);
    expect(page.next).toMatch(/\/api\/admin\/audit-log\/\?page_size=2&page=2$/);
    expect(page.results[0]?.actor_email).toBe(admin.email);
  });
});
