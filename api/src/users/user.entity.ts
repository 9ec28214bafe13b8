import { Entity, PrimaryKey, Property, Unique, type Opt } from '@mikro-orm/core';
import { Timestamped } from '../db/timestamps.js';

export const USER_TIERS = ['free', 'starter', 'basic', 'pro', 'premium', 'admin'] as const;
export type UserTier = (typeof USER_TIERS)[number];

@Entity({ tableName: 'users' })
@Unique({ name: 'users_username_lower_unique', expression: 'create unique index "users_username_lower_unique" on "users" (lower("username"))' })
export class User extends Timestamped {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  /** Display spelling; uniqueness is case-insensitive (index on lower(username)). */
  @Property({ type: 'string', length: 32, unique: true })
  username!: string;

  /** argon2id hash; null for accounts that only sign in with Google. */
  @Property({ type: 'text', nullable: true, hidden: true })
  password: string | null = null;

  @Property({ type: 'string', length: 255, nullable: true, unique: true })
  googleId: string | null = null;

  /** Stored lower-cased, so uniqueness is case-insensitive. */
  @Property({ type: 'string', length: 254, nullable: true, unique: true })
  email: string | null = null;

  @Property({ type: 'text', nullable: true })
  avatarUrl: string | null = null;

  /** The user's own key for a hosted voice/audio provider; never sent to any client. */
  @Property({ type: 'text', nullable: true, hidden: true })
  audioProviderApiKey: string | null = null;

  @Property({ type: 'integer', default: 180 })
  defaultDuration: Opt<number> = 180;

  @Property({ type: 'boolean', default: true })
  generateAlbumArt: Opt<boolean> = true;

  @Property({ type: 'boolean', default: false })
  generateLyrics: Opt<boolean> = false;

  @Property({ type: 'string', length: 20, default: 'free' })
  userTier: Opt<string> = 'free';

  @Property({ type: 'string', length: 20, default: 'inactive' })
  subscriptionStatus: Opt<string> = 'inactive';

  @Property({ type: 'datetime', nullable: true })
  subscriptionExpiresAt: Date | null = null;

  @Property({ type: 'boolean', default: false })
  canGenerateMusic: Opt<boolean> = false;

  @Property({ type: 'boolean', default: false })
  canManageSongs: Opt<boolean> = false;

  @Property({ type: 'boolean', default: false })
  canAccessAdmin: Opt<boolean> = false;

  @Property({ type: 'boolean', default: false })
  canAccessDJ: Opt<boolean> = false;

  @Property({ type: 'boolean', default: false })
  adminOverride: Opt<boolean> = false;

  @Property({ type: 'integer', default: 5 })
  monthlyGenerationLimit: Opt<number> = 5;

  /**
   * An account the installation creates for itself (the demo catalogue's owner): it cannot sign
   * in and does not count when deciding the first account, which becomes the admin.
   */
  @Property({ type: 'boolean', default: false })
  isSystem: Opt<boolean> = false;

  /** Set by an admin: the account cannot sign in and its sessions are gone (docs/permissions.md). */
  @Property({ type: 'datetime', nullable: true })
  disabledAt: Date | null = null;
}
