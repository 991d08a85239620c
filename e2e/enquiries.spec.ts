import { DEMO, coinBalance, expect, logIn, logOut, postEnquiryForm, test } from './fixtures.ts';
import { readOutbox } from './outbox.ts';

test.describe('enquiries: post, find, star, contact, see the response', () => {
  // the demo tutor's free-plan coins pay for one contact: the journey runs once, on desktop
  test('a student posts; a tutor finds, stars and contacts it; the student sees 1/5 and is told', async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'one paid contact per run');
    const name = `Board prep ${String(Date.now()).slice(-6)}`;

    // the student posts an enquiry from the dashboard
    await logIn(page, DEMO.student.email, DEMO.student.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('link', { name: 'Create New Enquiry' }).click();
    await expect(page).toHaveURL(/\/student\/enquiries\/add$/);
    await postEnquiryForm(page, {
      name,
      classLevel: 'Class 10',
      subject: 'Mathematics',
      board: 'CBSE',
      budget: '400',
      femaleTutorPreferred: true,
    });
    const enquiryPath = new URL(page.url()).pathname;
    const enquiryId = enquiryPath.split('/').pop() ?? '';
    await expect(page.getByText('0/5', { exact: true })).toBeVisible();
    await expect(page.getByText(/No tutor has responded yet/)).toBeVisible();
    await logOut(page);

    // a tutor (free plan coins) finds it in the feed and stars it
    await logIn(page, DEMO.teacher.email, DEMO.teacher.password);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Enquiries', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Enquiries', exact: true })).toBeVisible();
    const card = page.getByRole('listitem').filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(card.getByText('Female tutor preferred')).toBeVisible();
    await card.getByRole('button', { name: `Star ${name}` }).click();
    await expect(card.getByRole('button', { name: `Unstar ${name}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // opens it: contact details are masked until the tutor pays
    await card.getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/enquiry/${enquiryId}$`));
    await expect(page.getByText('XXXXXXXX02')).toBeVisible();
    await expect(page.getByText('This enquiry asks for a female tutor.')).toBeVisible();
    // the price and the balance are there before anything is typed
    const form = page.getByRole('region', { name: 'Send Message' });
    const costs = await form.getByText('Contacting this enquiry costs').textContent();
    const price = Number(/costs (\d+) coins/.exec(costs ?? '')?.[1]);
    const balanceText = await form.getByText(/^You have \d+ coins\.$/).textContent();
    const balance = Number(/(\d+)/.exec(balanceText ?? '')?.[1]);
    expect(price).toBeGreaterThan(0);
    expect(balance).toBeGreaterThanOrEqual(price);
    await page.getByLabel('Price quote (₹)').fill('700');
    await page.getByLabel('Price type').selectOption('Hourly');
    await page
      .getByLabel('Message', { exact: true })
      .fill('I teach CBSE maths and physics; free demo class.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('heading', { name: 'Contact Number' })).toBeVisible();
    // what it cost and what is left, and the top bar agrees without a reload
    const left = balance - price;
    await expect(
      page
        .getByRole('region', { name: 'Contact Number' })
        .getByText(`${String(price)} coins spent · ${String(left)} left`),
    ).toBeVisible();
    expect(await coinBalance(page)).toBe(left);
    await expect(page.getByText('+91 98000 00002').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/919800000002',
    );
    await expect(page.getByRole('link', { name: 'Call' })).toHaveAttribute(
      'href',
      'tel:+919800000002',
    );
    await logOut(page);

    // the student sees the response and was told by e-mail (dev outbox)
    await logIn(page, DEMO.student.email, DEMO.student.password);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto(enquiryPath);
    await expect(page.getByRole('heading', { name: 'Your Enquiry' })).toBeVisible();
    await expect(page.getByText('1/5', { exact: true })).toBeVisible();
    // who responded, with the quote and a way into their chat
    const responses = page.getByRole('region', { name: /Tutors who responded/ });
    const response = responses.getByRole('listitem').filter({ hasText: DEMO.teacher.firstName });
    await expect(response).toContainText('₹700 per hour');
    await response
      .getByRole('link', { name: new RegExp(`^Chat with ${DEMO.teacher.firstName}`) })
      .click();
    await expect(page).toHaveURL(/\/chat\/\d+$/);
    await expect(page.getByText('I teach CBSE maths and physics; free demo class.')).toBeVisible();
    // this response's e-mail: it links to this chat
    const chatPath = new URL(page.url()).pathname;
    const mail = await readOutbox(page.request, 'email', DEMO.student.email, (entry) =>
      entry.links.some((link) => link.endsWith(chatPath)),
    );
    expect(mail.subject).toBe('A tutor responded to your enquiry');
  });
});
