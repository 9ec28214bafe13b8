/**
 * How plans are paid for. The self-hosted default takes no card payments: admins issue plan codes
 * that users redeem.
 */
export interface PaymentProvider {
  readonly kind: 'codes' | 'stripe';
}

export const planCodesOnly: PaymentProvider = { kind: 'codes' };
