import { PAYMENT_LABELS, PAYMENT_MESSAGES } from '@gurumatch/shared/messages/payments';
import {
  orderAmounts,
  type CreateOrderResult,
  type Plan,
} from '@gurumatch/shared/schemas/payments';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError, isRefusal } from '../../../lib/api.ts';
import { paths } from '../../../lib/paths.ts';
import { Link } from '../../../lib/router/index.ts';
import { authKeys } from '../../auth/api.ts';
import { useAuth } from '../../auth/auth-provider.tsx';
import {
  applyCoupon,
  createOrder,
  failRedemption,
  paymentKeys,
  useCurrentPlan,
  usePlans,
  validateCoupon,
  verifyPayment,
} from '../api.ts';
import { openRazorpayCheckout, type CheckoutOutcome } from '../checkout.ts';
import { formatDate, rupees, rupeesFromPaise } from '../format.ts';

import { SandboxCheckout } from './sandbox-checkout.tsx';

interface AppliedCoupon {
  code: string;
  redemptionId: number;
  discount: string;
  discountedPrice: string;
}

/** Coupon and payment messages each replace their own earlier ones (see the toast's action). */
const COUPON_TOAST = { action: 'coupon' } as const;
const PAYMENT_TOAST = { action: 'payment' } as const;

function toPaise(amount: string): number {
  return Math.round(Number.parseFloat(amount) * 100);
}

function CouponBox({
  plan,
  applied,
  onApplied,
  onRemoved,
}: {
  plan: Plan;
  applied: AppliedCoupon | undefined;
  onApplied: (coupon: AppliedCoupon) => void;
  onRemoved: () => void;
}) {
  const toast = useToast();
  const inputId = useId();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  if (applied) {
    const total = orderAmounts(toPaise(applied.discountedPrice)).total;
    return (
      <div className="mt-4 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 ring-1 ring-emerald-200">
        <p>
          <span className="font-semibold">{applied.code}</span> applied: you save{' '}
          {rupees(applied.discount)}.
        </p>
        <p className="mt-1">
          Pay {rupeesFromPaise(total)} ({rupees(applied.discountedPrice)} + 18% GST)
        </p>
        <button
          type="button"
          className="mt-2 font-medium text-emerald-900 underline"
          onClick={onRemoved}
        >
          {PAYMENT_LABELS.removeCoupon}
          <span className="sr-only"> coupon {applied.code}</span>
        </button>
      </div>
    );
  }

  const apply = async () => {
    const trimmed = code.trim();
    if (!trimmed) return;
    setBusy(true);
    setProblem('');
    try {
      let checked;
      try {
        checked = await validateCoupon({ code: trimmed, plan_id: plan.id });
      } catch (error) {
        toast.error(
          isRefusal(error) ? PAYMENT_MESSAGES.invalidCoupon : PAYMENT_MESSAGES.validateCouponFailed,
          COUPON_TOAST,
        );
        return;
      }
      if (!checked.valid) {
        setProblem(checked.message || PAYMENT_MESSAGES.invalidCoupon);
        toast.error(PAYMENT_MESSAGES.invalidCoupon, COUPON_TOAST);
        return;
      }
      try {
        const reserved = await applyCoupon({ code: trimmed, plan_id: plan.id });
        // the applied coupon shows beside the form: an earlier complaint is stale now
        toast.dismiss(COUPON_TOAST.action);
        onApplied({
          code: reserved.coupon_code,
          redemptionId: reserved.redemption_id,
          discount: reserved.discount_amount,
          discountedPrice: reserved.discounted_price,
        });
        setCode('');
      } catch (error) {
        if (isRefusal(error)) {
          setProblem(error.detail);
          toast.error(PAYMENT_MESSAGES.couponApplicationFailed, COUPON_TOAST);
        } else {
          toast.error(PAYMENT_MESSAGES.applyCouponFailed, COUPON_TOAST);
        }
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="mt-4"
      onSubmit={(event) => {
        event.preventDefault();
        void apply();
      }}
    >
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {PAYMENT_LABELS.couponLabel}
        <span className="sr-only"> for {plan.display_name}</span>
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={inputId}
          value={code}
          onChange={(event) => setCode(event.target.value.toUpperCase())}
          maxLength={40}
          autoComplete="off"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${inputId}-problem` : undefined}
          className="h-11 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-base uppercase text-slate-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-200"
        />
        <Button type="submit" variant="secondary" busy={busy} disabled={!code.trim()}>
          {PAYMENT_LABELS.applyCoupon}
          <span className="sr-only"> coupon to {plan.display_name}</span>
        </Button>
      </div>
      {problem ? (
        <p id={`${inputId}-problem`} className="mt-1 text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

function PlanCard({
  plan,
  isSelected,
  isCurrent,
  expiryDate,
  applied,
  busy,
  onSelect,
  onApplied,
  onRemoved,
  onBuy,
}: {
  plan: Plan;
  isSelected: boolean;
  isCurrent: boolean;
  expiryDate: string | null;
  applied: AppliedCoupon | undefined;
  busy: boolean;
  onSelect: () => void;
  onApplied: (coupon: AppliedCoupon) => void;
  onRemoved: () => void;
  onBuy: () => void;
}) {
  const headingId = useId();
  return (
    <li
      aria-labelledby={headingId}
      className={`relative flex flex-col rounded-xl bg-white p-5 shadow-sm ring-1 ${isSelected ? 'ring-2 ring-brand-700' : 'ring-slate-200'}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        {isSelected ? (
          <span className="rounded-full bg-brand-700 px-2.5 py-0.5 text-xs font-bold tracking-wide text-white">
            {PAYMENT_MESSAGES.selected}
          </span>
        ) : null}
        {plan.recommended ? (
          <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-coin-700">
            {PAYMENT_LABELS.recommended}
          </span>
        ) : null}
        {isCurrent ? (
          <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">
            {PAYMENT_LABELS.currentPlan}
          </span>
        ) : null}
      </div>
      <p className="mt-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {plan.name}
      </p>
      <h2 id={headingId} className="text-xl font-bold text-slate-900">
        {plan.display_name}
      </h2>
      <p className="mt-2 text-3xl font-bold text-coin-700">
        {plan.coins} <span className="text-base font-semibold">{PAYMENT_LABELS.coins}</span>
      </p>
      <p className="mt-2 text-lg font-semibold text-slate-900">
        {rupees(plan.price)}
        <span className="text-sm font-normal text-slate-600"> + GST</span>
      </p>
      <p className="text-sm text-slate-600">
        {rupees(plan.price_with_gst)} {PAYMENT_LABELS.inclGst}
      </p>
      {isCurrent && expiryDate ? (
        <p className="mt-2 text-sm text-slate-700">
          {PAYMENT_LABELS.expiresOn} {formatDate(expiryDate)}
        </p>
      ) : null}
      <div
        className="prose-sm mt-3 text-sm text-slate-700"
        // sanitised on the server (only simple formatting tags)
        dangerouslySetInnerHTML={{ __html: plan.description }}
      />
      <ul className="mt-3 space-y-1 text-sm text-slate-800">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <span aria-hidden="true" className="text-emerald-700">
              ✓
            </span>
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-auto pt-4">
        {isSelected ? (
          <>
            <CouponBox plan={plan} applied={applied} onApplied={onApplied} onRemoved={onRemoved} />
            <Button className="mt-4 w-full" busy={busy} onClick={onBuy}>
              {PAYMENT_LABELS.buyNow}
              <span className="sr-only"> {plan.display_name}</span>
            </Button>
          </>
        ) : (
          <Button variant="secondary" className="w-full" onClick={onSelect}>
            Select<span className="sr-only"> {plan.display_name}</span>
          </Button>
        )}
      </div>
    </li>
  );
}

/** Coin plans (spec part 2 §2): pick one, apply a coupon, pay, and the balance updates. */
export function UpgradePlanPage() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const plans = usePlans();
  const current = useCurrentPlan();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [coupons, setCoupons] = useState<Record<number, AppliedCoupon>>({});
  const [busy, setBusy] = useState(false);
  const [sandboxOrder, setSandboxOrder] = useState<{
    order: CreateOrderResult;
    settle: (outcome: CheckoutOutcome) => void;
  } | null>(null);

  const list = plans.data ?? [];
  const currentPlan = current.data?.plan;
  // every plan listed is for sale: the recommended one, else the first
  const fallbackId = list.find((plan) => plan.recommended)?.id ?? list[0]?.id ?? null;
  const selectedId = chosenId ?? fallbackId;

  const removeCoupon = (planId: number) => {
    const applied = coupons[planId];
    setCoupons(({ [planId]: _removed, ...rest }) => rest);
    if (applied) void failRedemption(applied.redemptionId).catch(() => undefined);
  };

  const openCheckout = (order: CreateOrderResult, plan: Plan): Promise<CheckoutOutcome> => {
    if (order.provider === 'razorpay') {
      return openRazorpayCheckout(order, `${plan.display_name}: ${String(plan.coins)} coins`);
    }
    return new Promise((resolve) => {
      setSandboxOrder({ order, settle: resolve });
    });
  };

  const buy = async (plan: Plan) => {
    if (busy) return;
    setBusy(true);
    const applied = coupons[plan.id];
    try {
      let order: CreateOrderResult;
      try {
        order = await createOrder({ plan_id: plan.id, coupon_code: applied?.code ?? null });
      } catch (error) {
        toast.error(
          error instanceof ApiError && isRefusal(error)
            ? error.detail
            : PAYMENT_MESSAGES.processingFailed,
          PAYMENT_TOAST,
        );
        return;
      }
      const outcome = await openCheckout(order, plan).catch((): CheckoutOutcome => ({
        status: 'failed',
        description: '',
      }));
      setSandboxOrder(null);
      if (outcome.status !== 'success') {
        if (order.redemption_id !== null) {
          await failRedemption(order.redemption_id).catch(() => undefined);
          setCoupons(({ [plan.id]: _released, ...rest }) => rest);
        }
        if (outcome.status === 'failed') toast.error(PAYMENT_MESSAGES.paymentFailed, PAYMENT_TOAST);
        return;
      }
      try {
        const verified = await verifyPayment(outcome.response, plan.id, order.redemption_id);
        toast.success(
          verified.message || PAYMENT_MESSAGES.coinsAdded(verified.coins_added),
          PAYMENT_TOAST,
        );
        if (user) queryClient.setQueryData(authKeys.coins(user.user_id), { coins: verified.coins });
        setCoupons(({ [plan.id]: _consumed, ...rest }) => rest);
        await queryClient.invalidateQueries({ queryKey: paymentKeys.all });
      } catch (error) {
        if (error instanceof ApiError && error.code === 'coupon_unavailable') {
          // the payment came after the coupon's use was gone: refunded, nothing credited
          toast.error(error.detail, PAYMENT_TOAST);
          setCoupons(({ [plan.id]: _gone, ...rest }) => rest);
          await queryClient.invalidateQueries({ queryKey: paymentKeys.all });
        } else {
          toast.error(PAYMENT_MESSAGES.verificationFailed, PAYMENT_TOAST);
        }
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageMeta title={PAYMENT_LABELS.plansTitle} noindex />
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {PAYMENT_LABELS.plansTitle}
        </h1>
        <Link to={paths.billing} className="font-medium text-brand-700 hover:underline">
          {PAYMENT_LABELS.billingLink}
        </Link>
      </div>
      <p className="mt-1 text-slate-700">{PAYMENT_LABELS.plansIntro}</p>
      {currentPlan ? (
        <p className="mt-3 text-sm text-slate-800">
          {PAYMENT_LABELS.currentPlan}: <strong>{currentPlan.display_name}</strong>
          {currentPlan.expiry_date
            ? ` · ${PAYMENT_LABELS.expiresOn} ${formatDate(currentPlan.expiry_date)}`
            : null}
        </p>
      ) : null}
      {current.data?.refunded_purchase ? (
        <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300">
          {PAYMENT_LABELS.planRefunded(
            current.data.refunded_purchase.display_name,
            rupees(current.data.refunded_purchase.amount),
            formatDate(current.data.refunded_purchase.refunded_at),
          )}
        </p>
      ) : null}

      {plans.isPending ? (
        <div className="py-12">
          <Spinner />
        </div>
      ) : plans.isError ? (
        <p className="mt-6 text-slate-700">{PAYMENT_MESSAGES.plansLoadFailed}</p>
      ) : (
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {list.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              isSelected={plan.id === selectedId}
              isCurrent={plan.id === currentPlan?.id}
              expiryDate={currentPlan?.expiry_date ?? null}
              applied={coupons[plan.id]}
              busy={busy && plan.id === selectedId}
              onSelect={() => setChosenId(plan.id)}
              onApplied={(coupon) => setCoupons((all) => ({ ...all, [plan.id]: coupon }))}
              onRemoved={() => removeCoupon(plan.id)}
              onBuy={() => void buy(plan)}
            />
          ))}
        </ul>
      )}

      {sandboxOrder ? (
        <SandboxCheckout
          order={sandboxOrder.order}
          onOutcome={(outcome) => sandboxOrder.settle(outcome)}
        />
      ) : null}
    </div>
  );
}
