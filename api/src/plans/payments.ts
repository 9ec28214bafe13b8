import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../common/errors.js';
import type { User } from '../users/user.entity.js';

/**
 * How plans are paid for. The self-hosted default takes no card payments: admins issue plan codes
 * that users redeem. With Stripe configured (stripe-payments.ts) users can also pay by card.
 */
export interface PaymentProvider {
  readonly kind: 'codes' | 'stripe';
  /** Where to send the user to pay for `tier` (a hosted checkout page). */
  checkout(em: EntityManager, user: User, tier: string): Promise<string>;
  /** Where the user manages their payment method, invoices and subscription. */
  portal(em: EntityManager, user: User): Promise<string>;
  /** Stops the user's paid plan renewing at the provider; false when no plan of theirs is paid there. */
  stopRenewal(em: EntityManager, user: User): Promise<boolean>;
}

const cardPaymentsOff = () => new AppError('CONFLICT', 'This server takes no card payments: redeem a plan code from your admin');

export const planCodesOnly: PaymentProvider = {
  kind: 'codes',
  checkout: () => Promise.reject(cardPaymentsOff()),
  portal: () => Promise.reject(cardPaymentsOff()),
  stopRenewal: async () => false,
};
