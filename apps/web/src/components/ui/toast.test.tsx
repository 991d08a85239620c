import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { ToastProvider, useToast, type ToastKind } from './toast.tsx';

function Buttons() {
  const toast = useToast();
  const say = (kind: ToastKind, message: string) => () => toast[kind](message);
  return (
    <>
      <button type="button" onClick={say('error', 'Invalid OTP')}>
        fail
      </button>
      <button type="button" onClick={say('error', 'Please enter OTP')}>
        fail again
      </button>
      <button type="button" onClick={say('info', 'Sending…')}>
        inform
      </button>
      <button type="button" onClick={say('success', 'OTP verified.')}>
        succeed
      </button>
    </>
  );
}

function shownToasts(): string[] {
  return Array.from(document.querySelectorAll('[data-toast]'), (node) => node.textContent);
}

describe('Toasts', () => {
  it('shows one toast per kind, the newest winning', async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <Buttons />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'fail' }));
    await user.click(screen.getByRole('button', { name: 'fail again' }));
    await user.click(screen.getByRole('button', { name: 'inform' }));
    expect(shownToasts()).toHaveLength(2);
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter OTP');
    expect(screen.queryByText('Invalid OTP')).not.toBeInTheDocument();
  });

  it('clears a stale error when a success follows', async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <Buttons />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'fail' }));
    await user.click(screen.getByRole('button', { name: 'succeed' }));
    expect(screen.queryByText('Invalid OTP')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('OTP verified.');
  });
});
