import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../testing/render.tsx';
import { contactRoutes } from '../routes.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function stubContactApi(answer: () => Promise<Response>) {
  const bodies: unknown[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url === '/api/base/contact-requests/' && init?.method === 'POST') {
      bodies.push(JSON.parse(init.body as string));
      return answer();
    }
    return Promise.resolve(jsonResponse({ detail: 'Not found.' }, 404));
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, bodies };
}

async function renderContact(path = '/contact-us') {
  const result = renderWithProviders(contactRoutes, { initialEntries: [path] });
  await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
  return result;
}

async function fillForm(user: Awaited<ReturnType<typeof renderContact>>['user']) {
  await user.type(screen.getByLabelText('Full name'), 'Ananya Rao');
  await user.type(screen.getByLabelText('Email'), 'ananya@example.com');
  await user.type(screen.getByLabelText('Contact number'), '9876543210');
  await user.selectOptions(screen.getByLabelText('Subject'), 'Payment Issue');
  await user.type(screen.getByLabelText('Message'), 'My coins did not arrive after paying.');
}

describe('/contact-us', () => {
  it('has five required fields with the right types, subjects from the list and support details', async () => {
    await renderContact();

    for (const label of ['Full name', 'Email', 'Contact number', 'Subject', 'Message']) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Contact number')).toHaveAttribute('type', 'tel');
    const options = Array.from(
      screen.getByLabelText<HTMLSelectElement>('Subject').options,
      (option) => option.value,
    ).filter(Boolean);
    expect(options).toEqual([
      'payment_issue',
      'technical_support',
      'general_inquiry',
      'feedback',
      'other',
    ]);
    expect(screen.getByRole('link', { name: 'support@gurumatch.in' })).toHaveAttribute(
      'href',
      'mailto:support@gurumatch.in',
    );
    expect(screen.getByText(/Monday to Saturday/)).toBeInTheDocument();
  });

  it('sends nothing while a field is empty', async () => {
    const { fetchMock } = stubContactApi(() => Promise.resolve(jsonResponse({}, 201)));
    const { user } = await renderContact();

    await user.type(screen.getByLabelText('Full name'), 'Ananya Rao');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Email')).toBeInvalid();
  });

  it('disables the button while sending, then thanks the user and clears the form', async () => {
    let release: (response: Response) => void = () => undefined;
    const { bodies } = stubContactApi(
      () =>
        new Promise((resolve) => {
          release = resolve;
        }),
    );
    const { user } = await renderContact('/contact');

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('button', { name: 'Submitting…' })).toBeDisabled();
    release(jsonResponse({ success: true, message: 'Thanks', id: 1 }, 201));

    expect(
      await screen.findByText('Form submitted successfully. We will resolve your query soon.'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        full_name: 'Ananya Rao',
        email: 'ananya@example.com',
        contact_number: '9876543210',
        subject: 'payment_issue',
        message: 'My coins did not arrive after paying.',
      },
    ]);
    await waitFor(() => {
      expect(screen.getByLabelText('Full name')).toHaveValue('');
    });
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Contact number')).toHaveValue('');
    expect(screen.getByLabelText('Subject')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('says the form failed, keeps what was typed and shows the field the server refused', async () => {
    stubContactApi(() =>
      Promise.resolve(
        jsonResponse(
          {
            detail: 'Please correct the highlighted fields.',
            errors: { contact_number: ['Enter a valid phone number of 10 to 15 digits.'] },
          },
          400,
        ),
      ),
    );
    const { user } = await renderContact();

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(
      await screen.findByText('Failed to submit the form. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Enter a valid phone number of 10 to 15 digits.')).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveValue('Ananya Rao');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });
});
