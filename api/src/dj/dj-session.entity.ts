import { Entity, OneToOne, Property, type Opt } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';

/**
 * A user's DJ set (docs/dj.md): what the planner placed, what the user pinned, what they skipped
 * quickly this session, and the voice switch. Whether the set plays is the queue's `djActive`.
 */
@Entity({ tableName: 'dj_sessions' })
export class DjSession {
  @OneToOne(() => User, { primary: true, deleteRule: 'cascade', owner: true })
  user!: User;

  /** Spoken links between songs (eSpeak NG on the server). */
  @Property({ type: 'boolean', default: false })
  voiceEnabled: Opt<boolean> = false;

  /** Upcoming songs the planner chose; any other upcoming song is the user's and keeps its place. */
  @Property({ type: 'json' })
  plannedIds: Opt<string[]> = [];

  /** Upcoming songs the user pinned (or moved): they keep their place when the set is re-planned. */
  @Property({ type: 'json' })
  pinnedIds: Opt<string[]> = [];

  /** Songs skipped within QUICK_SKIP_SECONDS this session: a dislike. */
  @Property({ type: 'json' })
  dislikedIds: Opt<string[]> = [];

  /** Regenerating changes it, so near-equal choices come out differently. */
  @Property({ type: 'integer', default: 1 })
  seed: Opt<number> = 1;

  /** The browser's zone, used when the user saved none in Mood & Time. */
  @Property({ type: 'string', length: 64, nullable: true })
  timezone: string | null = null;

  /** The song the planner last saw playing, and since when (a quick skip is measured from it). */
  @Property({ type: 'text', nullable: true })
  currentSongId: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  currentStartedAt: Date | null = null;

  /** When the set was (re)started: dislikes count from here. */
  @Property({ type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date() })
  startedAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
