/**
 * The chat journey: a tutor and a student, each in a browser of their own,
 * talk in real time; the server is restarted mid-conversation and the chat
 * recovers with nothing lost or doubled; the student reviews the tutor.
 *
 * This spec starts its own server (on CHAT_E2E_PORT, PostgreSQL database
 * CHAT_E2E_DATABASE) so it can restart it. The conversation is made in the
 * database, as a tutor's contact on an enquiry makes it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { devices, type Browser, type Page } from '@playwright/test';
import pg from 'pg';

import { DEMO, expect, logIn, test } from './fixtures.ts';

const PORT = Number(process.env.CHAT_E2E_PORT ?? 4505);
const BASE_URL = `http://localhost:${String(PORT)}`;
const ADMIN_URL = process.env.CHAT_E2E_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = process.env.CHAT_E2E_DATABASE ?? 'gm_e2e_chat';
const DATABASE_URL = ADMIN_URL.replace(/\/[^/]*$/, `/${DATABASE}`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gm-e2e-chat-'));

let server: ChildProcess | null = null;

async function startServer(): Promise<void> {
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DATABASE_URL,
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'true',
      REGISTRATIONS_PER_IP_PER_HOUR: '1000',
      PUBLIC_URL: BASE_URL,
    },
    stdio: 'ignore',
  });
  server = child;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server stopped while starting');
    try {
      const response = await fetch(`${BASE_URL}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function stopServer(): Promise<void> {
  const child = server;
  server = null;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function withDb<T>(url: string, work: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

/** The enquiry of the demo student and the conversation the demo tutor's contact opened, with its first message. */
async function openConversation(): Promise<{ id: number; tutorId: number; enquiryId: number }> {
  return withDb(DATABASE_URL, async (db) => {
    const users = await db.query<{ id: number; email: string }>(
      'SELECT id, email FROM users WHERE email = ANY($1)',
      [[DEMO.student.email, DEMO.teacher.email]],
    );
    const studentId = users.rows.find((u) => u.email === DEMO.student.email)?.id;
    const tutorId = users.rows.find((u) => u.email === DEMO.teacher.email)?.id;
    if (!studentId || !tutorId) throw new Error('demo accounts missing');
    const enquiry = await db.query<{ id: number }>(
      `INSERT INTO enquiries (student_id, name, study_mode, class_level, subject, language, user_budget,
                              when_to_start, formatted_address, city, state, country, latitude, longitude,
                              coins_required, posted_at, expires_at)
       VALUES ($1, 'Maths for Class 10', 'online', 'Class 10', 'Mathematics', 'English', 600,
               'immediately', 'Sector 14, Gurugram', 'Gurugram', 'Haryana', 'India', 28.47, 77.03, 20,
               now() - interval '2 hours', now() + interval '30 days')
       RETURNING id`,
      [studentId],
    );
    const enquiryId = enquiry.rows[0]?.id ?? 0;
    const conversation = await db.query<{ id: number }>(
      `INSERT INTO conversations (enquiry_id, tutor_id, student_id, created_at, last_message_at)
       VALUES ($1, $2, $3, now() - interval '1 hour', now() - interval '1 hour') RETURNING id`,
      [enquiryId, tutorId, studentId],
    );
    const id = conversation.rows[0]?.id ?? 0;
    await db.query(
      `INSERT INTO messages (conversation_id, sender_id, content, created_at)
       VALUES ($1, $2, 'Hello! I teach Class 10 Maths. Rs 600 an hour works for me.', now() - interval '1 hour')`,
      [id, tutorId],
    );
    return { id, tutorId, enquiryId };
  });
}

async function storedContents(conversationId: number): Promise<string[]> {
  return withDb(DATABASE_URL, async (db) => {
    const result = await db.query<{ content: string }>(
      'SELECT content FROM messages WHERE conversation_id = $1 ORDER BY id',
      [conversationId],
    );
    return result.rows.map((row) => row.content);
  });
}

async function newPage(browser: Browser, device: 'desktop' | 'mobile'): Promise<Page> {
  const context = await browser.newContext({
    ...(device === 'mobile' ? devices['Pixel 5'] : { viewport: { width: 1280, height: 800 } }),
    baseURL: BASE_URL,
  });
  return context.newPage();
}

function messageList(page: Page) {
  return page.getByRole('log');
}

test.describe('chat', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });

  // Playwright wants the fixtures argument destructured, even when none is used
  // eslint-disable-next-line no-empty-pattern
  test.beforeAll(async ({}, testInfo) => {
    if (testInfo.project.name !== 'desktop') return;
    await withDb(ADMIN_URL, async (db) => {
      await db.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
      await db.query(`CREATE DATABASE ${DATABASE}`);
    });
    await startServer();
  });

  test.afterAll(async () => {
    await stopServer();
  });

  test('tutor and student talk in real time, survive a server restart, and the student reviews the tutor', async ({
    browser,
  }, testInfo) => {
    // both browsers are opened here (desktop tutor, phone student): once is enough
    test.skip(testInfo.project.name !== 'desktop', 'the journey opens its own two browsers');
    const conversation = await openConversation();
    const tutor = await newPage(browser, 'desktop');
    const student = await newPage(browser, 'mobile');

    // the student's dashboard shows the tutor's first message as unread
    await logIn(student, DEMO.student.email, DEMO.student.password);
    await expect(student).toHaveURL(/\/dashboard$/);
    await expect(student.getByTestId('unread-badge')).toHaveText(/^1/);
    // and so does the menu's Messages link, on every page
    await student.getByRole('button', { name: 'Open menu' }).click();
    await expect(student.getByRole('link', { name: 'Messages, 1 unread' })).toBeVisible();
    await student.keyboard.press('Escape');

    await logIn(tutor, DEMO.teacher.email, DEMO.teacher.password);
    await expect(tutor).toHaveURL(/\/dashboard$/);

    // the list: enquiry, subject, class, the other person, an unread badge
    await student.goto('/chat');
    await expect(student.getByRole('heading', { name: 'Messages' })).toBeVisible();
    const row = student.getByRole('link', { name: /Maths for Class 10/ });
    await expect(row).toContainText(`Enquiry ID: ${String(conversation.enquiryId)}`);
    await expect(row).toContainText('Mathematics');
    await expect(row).toContainText(`Chat with ${DEMO.teacher.firstName}`);
    await expect(row).toContainText('1 unread');
    await row.click();
    await expect(student).toHaveURL(new RegExp(`/chat/${String(conversation.id)}$`));
    await expect(student.getByTestId('connection-status')).toHaveText('Online');
    await expect(messageList(student)).toContainText('I teach Class 10 Maths');
    await expect(student.getByRole('link', { name: 'Add Review' })).toBeVisible();

    // the tutor sees the first message read (double tick) once the student has seen it
    await tutor.goto(`/chat/${String(conversation.id)}`);
    await expect(tutor.getByTestId('connection-status')).toHaveText('Online');
    await expect(tutor.getByRole('button', { name: 'Report' })).toBeVisible();
    await expect(messageList(tutor).getByLabel('Read')).toHaveCount(1);
    // once read, the student's menu badge goes without leaving the chat
    await student.getByRole('button', { name: 'Open menu' }).click();
    await expect(student.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
    await student.keyboard.press('Escape');

    // Enter sends, blank never does; the other side gets it at once
    const studentInput = student.getByLabel('Type a message...');
    await expect(student.getByRole('button', { name: 'Send' })).toBeDisabled();
    await studentInput.fill('   ');
    await expect(student.getByRole('button', { name: 'Send' })).toBeDisabled();
    await studentInput.fill('Great! Can you start on Monday?');
    await studentInput.press('Enter');
    await expect(studentInput).toHaveValue('');
    await expect(messageList(tutor)).toContainText('Great! Can you start on Monday?');

    // Shift+Enter breaks the line
    const tutorInput = tutor.getByLabel('Type a message...');
    await tutorInput.fill('Yes, Monday works.');
    await tutorInput.press('Shift+Enter');
    await tutorInput.pressSequentially('Shall we say 5 pm?');
    await tutorInput.press('Enter');
    await expect(messageList(student)).toContainText('Yes, Monday works.\nShall we say 5 pm?');
    await tutor.bringToFront();
    await student.bringToFront();
    await expect(messageList(tutor).getByLabel('Read')).toHaveCount(2);

    // the server goes away mid-conversation; a message written meanwhile waits
    await stopServer();
    await expect(student.getByTestId('connection-status')).not.toHaveText('Online');
    await studentInput.fill('Sent while the server was restarting');
    await studentInput.press('Enter');
    await startServer();
    await expect(student.getByTestId('connection-status')).toHaveText('Online', {
      timeout: 20_000,
    });
    await expect(tutor.getByTestId('connection-status')).toHaveText('Online', { timeout: 20_000 });
    await expect(messageList(tutor)).toContainText('Sent while the server was restarting');
    await tutorInput.fill('Got it after the restart');
    await tutorInput.press('Enter');
    await expect(messageList(student)).toContainText('Got it after the restart');

    // nothing lost, nothing doubled: on screen and in the database
    const expected = [
      'Hello! I teach Class 10 Maths. Rs 600 an hour works for me.',
      'Great! Can you start on Monday?',
      'Yes, Monday works.\nShall we say 5 pm?',
      'Sent while the server was restarting',
      'Got it after the restart',
    ];
    await expect.poll(() => storedContents(conversation.id)).toEqual(expected);
    for (const page of [tutor, student]) {
      await expect(messageList(page).getByRole('listitem')).toHaveCount(expected.length);
    }
    await student.reload();
    await expect(messageList(student).getByRole('listitem')).toHaveCount(expected.length);

    // the student reviews the tutor and sees it on the tutor's profile
    await student.getByRole('link', { name: 'Add Review' }).click();
    await expect(student).toHaveURL(new RegExp(`/review/${String(conversation.tutorId)}$`));
    await expect(student.getByRole('heading', { name: 'Add Review' })).toBeVisible();
    await student
      .locator('label', { has: student.getByRole('radio', { name: '5 out of 5 stars' }) })
      .click();
    await student.getByLabel('Your review').fill('Explains clearly and is always on time.');
    await student.getByRole('button', { name: 'Submit Review' }).click();
    await expect(student.getByText('Thank you! Your review has been saved.')).toBeVisible();
    await expect(student.getByTestId('review-count')).toHaveText('1 review');
    await expect(student.getByRole('region', { name: 'Reviews' })).toContainText(
      'Explains clearly and is always on time.',
    );

    await tutor.goto('/profile');
    await expect(tutor.getByRole('img', { name: 'Rated 5.0 out of 5' })).toBeVisible();
    await expect(tutor.getByText('1 review', { exact: true })).toBeVisible();
  });
});
