import { Entity, Index, ManyToOne, PrimaryKey, Property, type Opt } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';

export const SUBSCRIPTION_EVENT_KINDS = ['code_redeemed', 'canceled', 'expired', 'stripe'] as const;
export type SubscriptionEventKind = (typeof SUBSCRIPTION_EVENT_KINDS)[number];

/**
 * Every change to a user's plan, as it was applied. A payment provider's event id is unique here,
 * so a replayed webhook is recognised and applied once.
 */
@Entity({ tableName: 'subscription_events' })
export class SubscriptionEvent {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  @Index()
  user!: User;

  /** Who made the change when it was not the user (an admin); null for the user or the system. */
  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  actor: User | null = null;

  @Property({ type: 'string', length: 20 })
  kind!: SubscriptionEventKind;

  @Property({ type: 'string', length: 20 })
  tier!: string;

  @Property({ type: 'string', length: 20 })
  status!: string;

  @Property({ type: 'datetime', nullable: true })
  expiresAt: Date | null = null;

  @Property({ type: 'integer', nullable: true })
  planCodeId: number | null = null;

  /** The payment provider's event id (Stripe evt_...). */
  @Property({ type: 'string', length: 255, nullable: true, unique: true })
  externalId: string | null = null;

  /** What the provider's event was about (Stripe sub_...): events of one subscription are ordered by `externalAt`. */
  @Property({ type: 'string', length: 255, nullable: true })
  @Index()
  externalObjectId: string | null = null;

  /** When the provider created the event (not when it arrived: deliveries come out of order). */
  @Property({ type: 'datetime', nullable: true })
  externalAt: Date | null = null;

  @Property({ type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();
}
