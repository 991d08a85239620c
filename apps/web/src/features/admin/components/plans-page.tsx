import type { AdminCoupon, AdminPlan } from '@gurumatch/shared/schemas/admin';
import { useState } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { formatRupees, formatWhen } from '../api.ts';

import { AdminForm, useFormFields, useSave } from './admin-form.tsx';
import { AdminList, Fact } from './admin-list.tsx';

const rupeesToPaise = (text: string): number => Math.round(Number(text) * 100);

function PlanForm({ plan, onDone }: { plan: AdminPlan | null; onDone: () => void }) {
  const { run, errors, busy } = useSave();
  const { form, bind, field } = useFormFields(
    {
      name: plan?.name ?? '',
      display_name: plan?.display_name ?? '',
      coins: String(plan?.coins ?? ''),
      price: plan ? String(plan.price_paise / 100) : '',
      validity_days: String(plan?.validity_days ?? ''),
      features: plan?.features.join('\n') ?? '',
    },
    errors,
  );
  const submit = () => {
    const body = {
      display_name: form.display_name,
      coins: Number(form.coins),
      price_paise: rupeesToPaise(form.price),
      validity_days: Number(form.validity_days),
      features: form.features
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    };
    if (plan) run(`plans/${String(plan.id)}/`, 'PATCH', body, onDone);
    else run('plans/', 'POST', { ...body, name: form.name }, onDone);
  };
  return (
    <AdminForm submitLabel="Save plan" busy={busy} onSubmit={submit} onCancel={onDone}>
      {plan ? null : <TextField label="Name (code)" {...field('name')} />}
      <TextField label="Display name" {...field('display_name')} />
      <TextField label="Coins" inputMode="numeric" {...field('coins')} />
      <TextField
        label="Price before GST (₹)"
        inputMode="decimal"
        {...field('price', 'price_paise')}
      />
      <TextField label="Validity (days)" inputMode="numeric" {...field('validity_days')} />
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800 sm:col-span-2">
        Features (one a line)
        <textarea
          rows={3}
          className="rounded-lg border border-slate-300 p-2 text-base"
          {...bind('features')}
        />
      </label>
    </AdminForm>
  );
}

function CouponForm({ onDone }: { onDone: () => void }) {
  const { run, errors, busy } = useSave();
  const { form, bind, field } = useFormFields(
    { code: '', kind: 'percent', value: '', valid_until: '', max_redemptions: '' },
    errors,
  );
  const submit = () => {
    const amount = Number(form.value);
    run(
      'coupons/',
      'POST',
      {
        code: form.code,
        kind: form.kind,
        // basis points for a percentage, paise for an amount: both are the typed number × 100
        value: Math.round(amount * 100),
        valid_until: form.valid_until
          ? new Date(`${form.valid_until}T23:59:59+05:30`).toISOString()
          : null,
        max_redemptions: form.max_redemptions ? Number(form.max_redemptions) : null,
      },
      onDone,
    );
  };
  return (
    <AdminForm submitLabel="Create coupon" busy={busy} onSubmit={submit} onCancel={onDone}>
      <TextField label="Code" {...field('code')} />
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        Kind
        <select
          className="h-11 rounded-lg border border-slate-300 bg-white px-3 text-base"
          {...bind('kind')}
        >
          <option value="percent">Percentage off</option>
          <option value="flat">Amount off (₹)</option>
        </select>
      </label>
      <TextField
        label={form.kind === 'percent' ? 'Percent off' : 'Rupees off'}
        inputMode="decimal"
        {...field('value')}
      />
      <TextField label="Valid until (optional)" type="date" {...field('valid_until')} />
      <TextField label="Uses in all (optional)" inputMode="numeric" {...field('max_redemptions')} />
    </AdminForm>
  );
}

function ActiveToggle({ path, active, what }: { path: string; active: boolean; what: string }) {
  const { run, busy } = useSave();
  return (
    <Button
      size="sm"
      variant={active ? 'ghost' : 'secondary'}
      busy={busy}
      onClick={() => run(path, 'PATCH', { is_active: !active }, () => undefined)}
    >
      {active ? `Retire ${what}` : `Bring ${what} back`}
    </Button>
  );
}

/** Coin plans and coupons: create, edit, retire. */
export function PlansPage() {
  const [planForm, setPlanForm] = useState<AdminPlan | 'new' | null>(null);
  const [couponForm, setCouponForm] = useState(false);
  return (
    <div className="flex flex-col gap-6">
      {/* the list below is the named region; a second one of the same name would repeat it */}
      <div className="flex flex-col gap-3">
        <h2 id="plans-heading" className="text-lg font-semibold text-slate-900">
          Plans
        </h2>
        {planForm ? (
          <PlanForm
            key={planForm === 'new' ? 'new' : planForm.id}
            plan={planForm === 'new' ? null : planForm}
            onDone={() => setPlanForm(null)}
          />
        ) : null}
        <AdminList<AdminPlan>
          resource="plans"
          label="Plans"
          toolbar={
            <Button size="sm" className="h-10" onClick={() => setPlanForm('new')}>
              New plan
            </Button>
          }
          itemKey={(plan) => plan.id}
          renderItem={(plan) => (
            <article aria-label={plan.display_name} className="flex flex-col gap-2">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="font-semibold text-slate-900">
                  {plan.display_name} <span className="text-xs text-slate-500">({plan.name})</span>
                </h3>
                <span className="text-sm">{plan.is_active ? 'on sale' : 'retired'}</span>
              </div>
              <dl className="grid grid-cols-3 gap-2">
                <Fact label="Coins">{plan.coins}</Fact>
                <Fact label="Price">{formatRupees(plan.price_paise)}</Fact>
                <Fact label="Validity">{plan.validity_days} days</Fact>
              </dl>
              <div className="flex gap-2">
                <Button size="sm" variant="secondary" onClick={() => setPlanForm(plan)}>
                  Edit
                </Button>
                <ActiveToggle
                  path={`plans/${String(plan.id)}/`}
                  active={plan.is_active}
                  what="plan"
                />
              </div>
            </article>
          )}
        />
      </div>
      <div className="flex flex-col gap-3">
        <h2 id="coupons-heading" className="text-lg font-semibold text-slate-900">
          Coupons
        </h2>
        {couponForm ? <CouponForm onDone={() => setCouponForm(false)} /> : null}
        <AdminList<AdminCoupon>
          resource="coupons"
          label="Coupons"
          searchLabel="Search by code"
          toolbar={
            <Button size="sm" className="h-10" onClick={() => setCouponForm(true)}>
              New coupon
            </Button>
          }
          itemKey={(coupon) => coupon.id}
          renderItem={(coupon) => (
            <article
              aria-label={coupon.code}
              className="flex flex-wrap items-center justify-between gap-2"
            >
              <div>
                <h3 className="font-mono font-semibold text-slate-900">{coupon.code}</h3>
                <p className="text-sm text-slate-600">
                  {coupon.kind === 'percent'
                    ? `${String(coupon.value / 100)} % off`
                    : `${formatRupees(coupon.value)} off`}{' '}
                  · used {coupon.redemptions}
                  {coupon.max_redemptions ? ` of ${String(coupon.max_redemptions)}` : ''} · until{' '}
                  {formatWhen(coupon.valid_until)} · {coupon.is_active ? 'active' : 'retired'}
                </p>
              </div>
              <ActiveToggle
                path={`coupons/${String(coupon.id)}/`}
                active={coupon.is_active}
                what="coupon"
              />
            </article>
          )}
        />
      </div>
    </div>
  );
}
