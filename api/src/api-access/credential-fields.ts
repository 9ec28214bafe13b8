import { Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { CreatedAt } from '../db/timestamps.js';
import { User } from '../users/user.entity.js';

/** What app passwords and access tokens share: whose it is, what they called it, when it was last used. */
export abstract class CredentialFields extends CreatedAt {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  @Index()
  user!: User;

  /** What the user called it, e.g. "Symfonium on my phone". */
  @Property({ type: 'string', length: 100 })
  name!: string;

  /** Last request made with it (written at most every 5 minutes). */
  @Property({ type: 'datetime', nullable: true })
  lastUsedAt: Date | null = null;
}
