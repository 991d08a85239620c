import type { SuccessMessage } from '@gurumatch/shared/schemas/account';
import type {
  ApplyCouponResult,
  CouponBody,
  CouponResult,
  CreateOrderBody,
  CreateOrderResult,
  CurrentPlan,
  Invoice,
  LedgerList,
  Plan,
  PurchaseList,
  VerifyPaymentResult,
} from '@gurumatch/shared/schemas/payments';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { apiRequest } from '../../lib/api.ts';

export const paymentKeys = {
  all: ['payments'] as const,
  plans: () => ['payments', 'plans'] as const,
  currentPlan: () => ['payments', 'current-plan'] as const,
  ledger: (page: number) => ['payments', 'ledger', page] as const,
  history: (page: number) => ['payments', 'history', page] as const,
  invoice: (id: number) => ['payments', 'invoice', id] as const,
};

export interface CheckoutResponse {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export function validateCoupon(body: CouponBody): Promise<CouponResult> {
  return apiRequest<CouponResult>('/api/payments/coupons/validate/', { body });
}

export function applyCoupon(body: CouponBody): Promise<ApplyCouponResult> {
  return apiRequest<ApplyCouponResult>('/api/payments/coupons/apply/', { body });
}

export function failRedemption(redemptionId: number): Promise<SuccessMessage> {
  return apiRequest<SuccessMessage>('/api/payments/coupons/fail-redemption/', {
    body: { redemption_id: redemptionId },
  });
}

export function createOrder(body: CreateOrderBody): Promise<CreateOrderResult> {
  return apiRequest<CreateOrderResult>('/api/payments/create-order/', { body });
}

export function verifyPayment(
  response: CheckoutResponse,
  planId: number,
  redemptionId: number | null,
): Promise<VerifyPaymentResult> {
  return apiRequest<VerifyPaymentResult>('/api/payments/verify-payment/', {
    body: { ...response, plan_id: planId, redemption_id: redemptionId },
  });
}

export function usePlans() {
  return useQuery({
    queryKey: paymentKeys.plans(),
    queryFn: () => apiRequest<Plan[]>('/api/payments/plans/'),
  });
}

export function useCurrentPlan() {
  return useQuery({
    queryKey: paymentKeys.currentPlan(),
    queryFn: () => apiRequest<CurrentPlan>('/api/payments/current-plan/'),
  });
}

export const BILLING_PAGE_SIZE = 10;

export function useLedger(page: number) {
  return useQuery({
    queryKey: paymentKeys.ledger(page),
    queryFn: () =>
      apiRequest<LedgerList>(
        `/api/payments/ledger/?page=${String(page)}&page_size=${String(BILLING_PAGE_SIZE)}`,
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function usePurchases(page: number) {
  return useQuery({
    queryKey: paymentKeys.history(page),
    queryFn: () =>
      apiRequest<PurchaseList>(
        `/api/payments/history/?page=${String(page)}&page_size=${String(BILLING_PAGE_SIZE)}`,
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useInvoice(id: number) {
  return useQuery({
    queryKey: paymentKeys.invoice(id),
    queryFn: () => apiRequest<Invoice>(`/api/payments/invoices/${String(id)}/`),
    enabled: Number.isInteger(id) && id > 0,
  });
}
