/**
 * Lead alerts (issue 23): a tutor with the feed open, and a student in a
 * browser of their own; the student posts, and the tutor's open feed shows
 * the new enquiry without a reload, inserted at the top on tap. Then the
 * tutor's alert settings, the e-mail of a tutor with no tab open, and its
 * one-tap unsubscribe link opened without signing in.
 */
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';

import { DEMO, expect, logIn, postEnquiryForm, test } from './fixtures.ts';

const POSTER = { email: 'karthik.menon@demo.gurumatch.in', password: 'Student@123' } as const;

/** The signed-in student posts a Maths, Class 10 enquiry near them, and sees it. */
async function postMathsEnquiry(student: Page, name: string): Promise<void> {
  await student.goto('/student/enquiries/add');
  await postEnquiryForm(student, {
    name,
    classLevel: 'Class 10',
    subject: 'Mathematics',
    budget: '400',
  });
}

/** The student archives the enquiry on screen, so the demo's active enquiries stay within the limit. */
async function archiveShownEnquiry(student: Page): Promise<void> {
  await student.getByRole('button', { name: 'Archive' }).click();
  await student.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(student.getByText('Enquiry archived successfully!')).toBeVisible();
}

// the demo student's active enquiries are few: each journey runs once, on desktop
test.beforeEach(({ browserName: _browser }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one post per run');
});

/** The demo tutor, signed in on a new page of `context`. */
async function signInTutor(context: BrowserContext): Promise<Page> {
  const tutor = await context.newPage();
  await logIn(tutor, DEMO.teacher.email, DEMO.teacher.password);
  await expect(tutor).not.toHaveURL(/\/login$/);
  return tutor;
}

test('a student posts; the tutor’s open feed hears of it at once, without a reload', async ({
  browser,
}) => {
  const tutorContext = await browser.newContext();
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  try {
    const tutor = await signInTutor(tutorContext);
    await tutor.goto('/enquiry');
    await expect(tutor.getByRole('heading', { name: 'Enquiries', exact: true })).toBeVisible();
    let reloaded = false;
    tutor.on('framenavigated', (frame) => {
      if (frame === tutor.mainFrame()) reloaded = true;
    });

    const name = `Alerted ${String(Date.now()).slice(-6)}`;
    // a demo student no other journey's tutor has reported (a tutor who reported
    // one of a poster's enquiries hears no more of that poster)
    await logIn(student, POSTER.email, POSTER.password);
    await expect(student).toHaveURL(/\/dashboard$/);
    await postMathsEnquiry(student, name);

    // announced, counted, and inserted at the top only on tap
    await expect(tutor.getByRole('status').filter({ hasText: 'New enquiry near you' })).toHaveText(
      /New enquiry near you: Mathematics, Class 10, .+ · \d+ km/,
      { timeout: 5_000 },
    );
    await tutor.getByRole('button', { name: /Show 1 new enquiry/ }).click();
    await expect(
      tutor.getByRole('list', { name: 'New enquiries' }).getByRole('link', { name }),
    ).toBeVisible();
    expect(reloaded).toBe(false);

    await archiveShownEnquiry(student);
  } finally {
    await Promise.all([tutorContext.close(), studentContext.close()]);
  }
});

interface OutboxEntry {
  id: number;
  kind: 'email' | 'otp';
  to: string;
  subject: string;
  links: string[];
}

/** The tutor's alert settings on /profile: e-mail at once or off, quiet hours from–until. */
async function saveAlertSettings(
  tutor: Page,
  email: 'At once' | 'Off',
  quiet: { from: string; until: string },
): Promise<void> {
  await tutor.goto('/profile');
  const section = tutor.getByRole('region', { name: 'Lead alerts' });
  const choice = section.getByRole('group', { name: 'E-mail alerts' });
  // the radio itself is drawn as its label, a button of the segmented control
  await choice.getByText(email, { exact: true }).click();
  await expect(choice.getByRole('radio', { name: email })).toBeChecked();
  await section.getByLabel('From').fill(quiet.from);
  await section.getByLabel('Until').fill(quiet.until);
  await section.getByRole('button', { name: 'Save alert settings' }).click();
  await expect(tutor.getByText('Alert settings saved')).toBeVisible();
}

test('a tutor with no tab open is e-mailed the alert, and its link unsubscribes without signing in', async ({
  browser,
  request,
}) => {
  const tutorContext = await browser.newContext();
  const studentContext = await browser.newContext();
  const visitorContext = await browser.newContext();
  const student = await studentContext.newPage();
  try {
    // the tutor asks for e-mail at once with no quiet hours (so the journey runs at any hour)
    let tutor = await signInTutor(tutorContext);
    await saveAlertSettings(tutor, 'At once', { from: '00:00', until: '00:00' });
    await tutor.reload();
    const section = tutor.getByRole('region', { name: 'Lead alerts' });
    await expect(section.getByLabel('From')).toHaveValue('00:00');
    await expect(
      section.getByRole('group', { name: 'E-mail alerts' }).getByRole('radio', { name: 'At once' }),
    ).toBeChecked();
    // and closes the app: an open tab would have been told in the app instead
    await tutor.close();

    const seen = new Set((await alertMails(request)).map((entry) => entry.id));
    await logIn(student, POSTER.email, POSTER.password);
    await expect(student).toHaveURL(/\/dashboard$/);
    await postMathsEnquiry(student, `E-mailed ${String(Date.now()).slice(-6)}`);

    let mail: OutboxEntry | undefined;
    await expect
      .poll(
        async () => {
          mail = (await alertMails(request)).find((entry) => !seen.has(entry.id));
          return mail?.subject ?? '';
        },
        { timeout: 30_000 },
      )
      .toMatch(/^New enquiry near you: Mathematics, Class 10, .+ · \d+ km$/);
    const link = mail?.links.find((each) => each.includes('/alerts/unsubscribe?token='));
    expect(link).toBeDefined();

    // the link works for someone not signed in
    const visitor = await visitorContext.newPage();
    const url = new URL(link ?? '');
    await visitor.goto(`${url.pathname}${url.search}`);
    await expect(
      visitor.getByRole('heading', { name: 'Unsubscribe from lead alerts' }),
    ).toBeVisible();
    await expect(
      visitor.getByText('E-mail alerts are off. You can turn them on again from your profile.'),
    ).toBeVisible();

    tutor = await tutorContext.newPage();
    await tutor.goto('/profile');
    await expect(
      tutor
        .getByRole('region', { name: 'Lead alerts' })
        .getByRole('group', { name: 'E-mail alerts' })
        .getByRole('radio', { name: 'Off' }),
    ).toBeChecked();
    // back to the defaults, for the journeys after this one
    await saveAlertSettings(tutor, 'At once', { from: '21:00', until: '08:00' });
    await archiveShownEnquiry(student);
  } finally {
    await Promise.all([tutorContext.close(), studentContext.close(), visitorContext.close()]);
  }
});

/** The lead-alert e-mails to the demo tutor in the outbox, newest first. */
async function alertMails(request: APIRequestContext): Promise<OutboxEntry[]> {
  const entries = (await (await request.get('/api/dev/outbox')).json()) as OutboxEntry[];
  return entries.filter(
    (entry) =>
      entry.kind === 'email' &&
      entry.to === DEMO.teacher.email &&
      entry.links.some((each) => each.includes('/alerts/unsubscribe?token=')),
  );
}
