import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { CreatedAt } from '../db/timestamps.js';
import { User } from '../users/user.entity.js';

/** One admin action: who, what, on what, when, and the changed fields before and after. */
@Entity({ tableName: 'admin_audit_log' })
@Index({ properties: ['createdAt'] })
export class AdminAuditEntry extends CreatedAt {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  /** Null once the admin's account is deleted (the entry stays). */
  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  actor: User | null = null;

  /** e.g. 'user.update', 'user.disable', 'generation.cancel', 'moderation.hide'. */
  @Property({ type: 'string', length: 64 })
  action!: string;

  @Property({ type: 'string', length: 32 })
  targetType!: string;

  @Property({ type: 'string', length: 64 })
  targetId!: string;

  @Property({ type: 'json', nullable: true })
  before: Record<string, unknown> | null = null;

  @Property({ type: 'json', nullable: true })
  after: Record<string, unknown> | null = null;
}
