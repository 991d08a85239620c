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

function CouponButtons() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.error('Invalid coupon', { action: 'coupon' })}>
        bad coupon
      </button>
      <button
        type="button"
        onClick={() => toast.info('Please select a plan', { action: 'coupon' })}
      >
        note coupon
      </button>
      <button type="button" onClick={() => toast.dismiss('coupon')}>
        coupon applied
      </button>
      <button type="button" onClick={() => toast.success('Coins added', { action: 'payment' })}>
        paid
      </button>
      <button type="button" onClick={() => toast.success('Saved', { action: 'coupon' })}>
        coupon saved
      </button>
      <button type="button" onClick={() => toast.info('Please select a valid address')}>
        complain
      </button>
      <button type="button" onClick={() => toast.success('Address added successfully.')}>
        save
      </button>
    </>
  );
}

describe('Toasts of one action', () => {
  function renderCoupons() {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <CouponButtons />
      </ToastProvider>,
    );
    return user;
  }

  it('closes an action’s complaint when that action succeeds without a message', async () => {
    const user = renderCoupons();
    await user.click(screen.getByRole('button', { name: 'bad coupon' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid coupon');
    await user.click(screen.getByRole('button', { name: 'coupon applied' }));
    expect(shownToasts()).toEqual([]);
  });

  it('a new message of an action replaces its older ones, whatever their kind', async () => {
    const user = renderCoupons();
    await user.click(screen.getByRole('button', { name: 'bad coupon' }));
    await user.click(screen.getByRole('button', { name: 'note coupon' }));
    expect(shownToasts()).toEqual(['iInfo: Please select a plan×']);
  });

  it('a success clears the complaints of its own action only', async () => {
    const user = renderCoupons();
    await user.click(screen.getByRole('button', { name: 'bad coupon' }));
    await user.click(screen.getByRole('button', { name: 'paid' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid coupon');
    expect(screen.getByRole('status')).toHaveTextContent('Coins added');
    await user.click(screen.getByRole('button', { name: 'coupon saved' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
  });

  it('a success clears an earlier note, so only the outcome stays', async () => {
    const user = renderCoupons();
    await user.click(screen.getByRole('button', { name: 'complain' }));
    await user.click(screen.getByRole('button', { name: 'save' }));
    expect(shownToasts()).toEqual(['✓Success: Address added successfully.×']);
  });
});
