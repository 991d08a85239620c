/**
 * Messages of the plans page, checkout, coupons and billing (spec part 2 §2,
 * §8), worded exactly as the specification writes them. Sentences the
 * specification leaves to us are marked as ours.
 */
export const PAYMENT_MESSAGES = {
  // Toasts (part 2 §8)
  verificationFailed: 'Payment verification failed. Please contact support.',
  processingFailed: 'Payment processing failed',
  paymentFailed: 'Payment failed',
  invalidCoupon: 'Invalid coupon',
  validateCouponFailed: 'Failed to validate coupon',
  couponApplicationFailed: 'Coupon application failed',
  applyCouponFailed: 'Failed to apply coupon',
  // insufficient coins when contacting (part 2 §8)
  rechargeNotice: 'Please recharge, as your coin is less to contact this enquiry',

  // Plans page (part 2 §2)
  selected: 'SELECTED',

  // ours
  insufficientCoins: 'Insufficient coins for this action.',
  alreadyRefunded: 'These coins have already been refunded.',
  spendNotFound: 'This coin spend was not found.',
  lotNotFound: 'This coin lot was not found.',
  planNotFound: 'This plan is not available.',
  freePlanNotForSale: 'The free plan cannot be bought.',
  couponExpired: 'This coupon has expired.',
  couponNotStarted: 'This coupon is not valid yet.',
  couponNotForPlan: 'This coupon does not apply to this plan.',
  couponUsedUp: 'This coupon has reached its usage limit.',
  couponAlreadyUsed: 'You have already used this coupon.',
  couponValid: 'Coupon applied successfully.',
  couponApplied: 'Coupon reserved for your purchase.',
  couponReleased: 'Coupon released.',
  redemptionNotFound: 'This coupon reservation was not found.',
  orderNotFound: 'This order was not found.',
  invalidSignature: 'Payment verification failed. Please contact support.',
  paymentNotCaptured: 'The payment has not been completed yet.',
  orderCreateFailed: 'Payment processing failed',
  coinsAdded: (coins: number) => `${String(coins)} coins added`,
  alreadyCredited: 'This payment has already been credited.',
  orderAlreadyPaid: 'This order has already been paid.',
  couponGoneRefunded:
    'The coupon on this order was no longer available when your payment arrived, so the payment has been refunded to your payment method and no coins were added. Please buy again.',
  refundAsCoinsTakeBackReason: (invoice: string) =>
    `Unspent coins of payment ${invoice} taken back for its refund as coins`,
  refundAsCoinsReason: (invoice: string, reason: string) =>
    `Refund of payment ${invoice}: ${reason}`,
  freePlanReason: 'Free plan coins',
  purchaseReason: (displayName: string) => `Purchased plan ${displayName}`,
  expiryReason: 'Coins expired',
  refundFailedReason: 'The refund to your payment method failed; the coins are yours again',
  refundEmailSubject: 'Your GuruMatch refund is on its way',
  refundEmailBody: (amount: string, invoice: string) =>
    `${amount} paid with invoice ${invoice} is being refunded to your card or UPI account; banks take up to 7 working days to show it. The coins of that purchase were taken back.`,
  coinsOfPurchaseSpent: (spent: number, coins: number) =>
    `${String(spent)} of the ${String(coins)} coins bought with this payment have already been spent or have expired, so it can no longer be refunded to the original payment method.`,
  invoiceNotFound: 'This invoice was not found.',
  plansLoadFailed: 'Failed to load plans. Please reload the page.',
  billingLoadFailed: 'Failed to load your billing history. Please reload the page.',
} as const;

/** Labels of the plans, checkout and billing screens (ours; the spec shows none). */
export const PAYMENT_LABELS = {
  plansTitle: 'Upgrade Plan',
  plansIntro: 'Buy coins to contact students. Coins expire with their plan.',
  currentPlan: 'Current plan',
  expiresOn: 'Expires on',
  recommended: 'Recommended',
  coins: 'coins',
  inclGst: 'incl. 18% GST',
  couponLabel: 'Coupon code',
  applyCoupon: 'Apply',
  removeCoupon: 'Remove',
  buyNow: 'Buy now',
  billingTitle: 'Billing',
  billingLink: 'Billing and coin history',
  purchases: 'Purchases',
  noPurchases: 'No purchases yet.',
  ledger: 'Coin history',
  noLedger: 'No coin activity yet.',
  invoice: 'Invoice',
  viewInvoice: 'View invoice',
  print: 'Print',
  invoiceTitle: 'Tax Invoice',
  checkoutTitle: 'Checkout',
  refunded: 'Refunded',
  refundPending: 'Refund in progress',
  refundFailed: 'Refund failed',
  refundedToMethod: (amount: string, date: string, coins: number) =>
    `${amount} refunded to your payment method on ${date}; its ${String(coins)} coins were taken back.`,
  refundStartedToMethod: (amount: string, date: string, coins: number) =>
    `A refund of ${amount} to your payment method was started on ${date}; its ${String(coins)} coins were taken back.`,
  refundFailedToMethod:
    'The refund to your payment method failed, so the payment stands and its coins are yours again.',
  refundedAsCoins: (coins: number, date: string) =>
    `Refunded as ${String(coins)} coins on ${date}; the payment stands.`,
  planRefunded: (plan: string, amount: string, date: string) =>
    `Your ${plan} plan was refunded on ${date}: ${amount} went back to your payment method and its coins were taken back.`,
} as const;
