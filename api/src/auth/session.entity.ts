import { Entity, Index, ManyToOne, PrimaryKey, Property, type Opt } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';
import { CreatedAt } from '../db/timestamps.js';

/** A signed-in browser. The cookie holds a random token; only its HMAC is stored here. */
@Entity({ tableName: 'sessions' })
export class Session extends CreatedAt {
  @PrimaryKey({ type: 'string', length: 64 })
  id!: string;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  @Index()
  user!: User;

  @Property({ type: 'datetime' })
  @Index()
  expiresAt!: Date;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  lastSeenAt: Opt<Date> = new Date();

  @Property({ type: 'string', length: 255, nullable: true })
  userAgent: string | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  ip: string | null = null;
}
