import { Entity, OneToOne, Property } from '@mikro-orm/core';
import { Timestamped } from '../db/timestamps.js';
import { User } from '../users/user.entity.js';

/** What a user shows others beyond SPEC 3's users columns: a display name, a bio and the small avatar. */
@Entity({ tableName: 'user_profiles' })
export class UserProfile extends Timestamped {
  @OneToOne(() => User, { primary: true, deleteRule: 'cascade', owner: true })
  user!: User;

  @Property({ type: 'string', length: 50, nullable: true })
  displayName: string | null = null;

  @Property({ type: 'string', length: 500, nullable: true })
  bio: string | null = null;

  /** The 64 px square of the uploaded avatar (users.avatar_url holds the 256 px one); null without an upload. */
  @Property({ type: 'text', nullable: true })
  avatarSmallUrl: string | null = null;
}
