import { Entity, OneToOne, Property } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';

/** A user's Stripe customer (created at their first checkout) and the subscription it pays for. */
@Entity({ tableName: 'stripe_customers' })
export class StripeCustomer {
  @OneToOne(() => User, { primary: true, deleteRule: 'cascade', owner: true })
  user!: User;

  /** Stripe's cus_... id. */
  @Property({ type: 'string', length: 255, unique: true })
  customerId!: string;

  /** The sub_... id of the subscription in force, from its webhooks; null when none. */
  @Property({ type: 'string', length: 255, nullable: true })
  subscriptionId: string | null = null;
}
