import { Entity, Index, ManyToOne, PrimaryKey, Property, type Opt } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';

/**
 * A single-use code an admin issues for a plan. Only its SHA-256 digest is stored (the code itself
 * is shown once, when issued); who issued, redeemed and revoked it, and when, is the audit trail.
 */
@Entity({ tableName: 'plan_codes' })
export class PlanCode {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 64, unique: true, hidden: true })
  codeDigest!: string;

  /** The code's last four characters, so an admin can tell codes apart. */
  @Property({ type: 'string', length: 4 })
  codeHint!: string;

  @Property({ type: 'string', length: 20 })
  tier!: string;

  /** How long the plan lasts from redemption. */
  @Property({ type: 'integer' })
  durationDays!: number;

  /** The code cannot be redeemed from this instant on. */
  @Property({ type: 'datetime' })
  @Index()
  expiresAt!: Date;

  @Property({ type: 'string', length: 200, nullable: true })
  note: string | null = null;

  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  createdBy: User | null = null;

  @Property({ type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date() })
  createdAt: Opt<Date> = new Date();

  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  redeemedBy: User | null = null;

  @Property({ type: 'datetime', nullable: true })
  redeemedAt: Date | null = null;

  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  revokedBy: User | null = null;

  @Property({ type: 'datetime', nullable: true })
  revokedAt: Date | null = null;
}
