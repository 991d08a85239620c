import {
  DEMO,
  STRONG_PASSWORD,
  expect,
  logIn,
  logOut,
  openMenuIfCollapsed,
  test,
  uniqueEmail,
} from './fixtures.ts';
import { readOutbox } from './outbox.ts';

test.describe('registration', () => {
  for (const role of ['student', 'teacher'] as const) {
    test(`a ${role} registers and lands signed in on phone verification`, async ({ page }) => {
      await page.goto(`/${role}-register`);
      await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
      await expect(
        page.getByText(
          role === 'teacher' ? 'I am a teacher / coaching institute' : 'I am a student / parent',
        ),
      ).toBeVisible();
      await page.getByLabel('Full Name').fill(`E2E ${role}`);
      await page.getByLabel('Email').fill(uniqueEmail(role));
      await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
      await page.getByLabel('Confirm Password').fill(STRONG_PASSWORD);
      await page.getByLabel(/I agree to the/).check();
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(
        page.getByText('Account created. Verification Link Sent on mail.'),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/phone-verification$/);
      await expect(page.getByRole('heading', { name: 'Verify Your Phone Number' })).toBeVisible();
    });
  }

  test('checks the form in the spec order and explains the first problem', async ({ page }) => {
    await page.goto('/student-register');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Please fill all fields')).toBeVisible();
    await page.getByLabel('Full Name').fill('Order Check');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm Password').fill('shorter');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm Password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Password should be at least 8 characters long')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel('Confirm Password').fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Please agree to the terms and conditions')).toBeVisible();
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Please enter a valid email')).toBeVisible();
    await expect(page).toHaveURL(/\/student-register$/);
  });
});

test.describe('sign in and out', () => {
  test('a student signs in to the dashboard and signs out to the login page', async ({ page }) => {
    await logIn(page, DEMO.student.email, DEMO.student.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(
      page.getByRole('heading', { name: `Welcome, ${DEMO.student.firstName}!` }),
    ).toBeVisible();
    await logOut(page);
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a wrong password shows the server message and stays on the login page', async ({
    page,
  }) => {
    await logIn(page, DEMO.student.email, 'Wrong@Password1');
    await expect(
      page.getByText('No active account found with the given credentials'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a teacher sees the coin balance linking to the plans page', async ({ page }) => {
    await logIn(page, DEMO.teacher.email, DEMO.teacher.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await openMenuIfCollapsed(page);
    const coins = page.getByRole('link', { name: /^\d+ coins$/ });
    await expect(coins).toBeVisible();
    await expect(coins).toHaveAttribute('href', '/teacher/upgrade-plan');
  });
});

test.describe('sign-in lock-out', () => {
  test('a device the account refuses signs in with a code mailed to the verified email', async ({
    page,
  }) => {
    const email = uniqueEmail('locked');
    // signing up trusts this browser (its device cookie) and mails the verification link
    const registered = await page.request.post('/api/auth/register/', {
      data: {
        full_name: 'Lock Out',
        email,
        password: STRONG_PASSWORD,
        confirm_password: STRONG_PASSWORD,
        role: 'student',
      },
    });
    expect(registered.status()).toBe(201);
    const verification = await readOutbox(page.request, 'email', email);
    const link = verification.links.find((candidate) => candidate.includes('/verify-email/'));
    expect(link).toBeDefined();
    await page.goto(link ?? '');
    await expect(page.getByText('Your email has been verified successfully.')).toBeVisible();

    // five wrong passwords of this device's own: the account now refuses it for a while
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    const password = page.getByLabel('Password', { exact: true });
    const login = page.getByRole('button', { name: 'Login', exact: true });
    for (let i = 0; i < 5; i += 1) {
      const answered = page.waitForResponse('**/api/auth/token/');
      await password.fill(`Wrong@Password${String(i)}`);
      await login.click();
      expect((await answered).status()).toBe(401);
    }
    await password.fill(STRONG_PASSWORD);
    await login.click();
    await expect(
      page.getByText(
        'Too many failed sign-in attempts for this account. Please wait a few minutes, or sign in now with a one-time code sent to your email.',
      ),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Email me a sign-in code' }).click();
    await expect(page.getByText(/a sign-in code is on its way/)).toBeVisible();
    const mail = await readOutbox(page.request, 'email', email);
    const code = /sign-in code is (\d{6})\./.exec(mail.body)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel('Sign-in code').fill(code);
    await page.getByRole('button', { name: 'Sign in with code' }).click();
    await expect(page).toHaveURL(/\/phone-verification$/);
  });
});

test.describe('guards', () => {
  test('a visitor sent to /login from a protected page returns there after signing in', async ({
    page,
  }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(DEMO.student.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.student.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('a teacher on a student page is told it is for students only', async ({ page }) => {
    await logIn(page, DEMO.teacher.email, DEMO.teacher.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/student/enquiries');
    await expect(
      page.getByText('You are not authorized to access this page. This page is for students only.'),
    ).toBeVisible();
  });

  test('a signed-in user opening the landing page goes to the dashboard', async ({ page }) => {
    await logIn(page, DEMO.student.email, DEMO.student.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test('an unknown path shows Page Not Found with a way home', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Find the Best Tutors Near You' })).toBeVisible();
});

test('signing out in one tab signs out the other', async ({ context }) => {
  const first = await context.newPage();
  await logIn(first, DEMO.student.email, DEMO.student.password);
  await expect(first).toHaveURL(/\/dashboard$/);
  const second = await context.newPage();
  await second.goto('/dashboard');
  await expect(
    second.getByRole('heading', { name: `Welcome, ${DEMO.student.firstName}!` }),
  ).toBeVisible();
  await logOut(first);
  await expect(first).toHaveURL(/\/login$/);
  await expect(second).toHaveURL(/\/login$/);
});
