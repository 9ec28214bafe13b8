import { Entity, ManyToOne, OneToOne, Property, type Opt } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';
import { Song } from '../songs/song.entity.js';
import type { RadioTuning } from '../radio/tuning.js';

/** A user's play queue head: what plays now. Upcoming songs are PlayQueueEntry rows. */
@Entity({ tableName: 'play_queues' })
export class PlayQueue {
  @OneToOne(() => User, { primary: true, deleteRule: 'cascade', owner: true })
  user!: User;

  @ManyToOne(() => Song, { nullable: true, deleteRule: 'set null' })
  currentSong: Song | null = null;

  /** Genre when the queue was started from a genre selection (radio); a tuned radio's label (its genres). */
  @Property({ type: 'string', length: 100, nullable: true })
  radioGenre: string | null = null;

  /** Radio v2's dials while a tuned radio plays (radioGenre then holds its label). */
  @Property({ type: 'json', nullable: true })
  radioTuning: RadioTuning | null = null;

  /** The DJ plans the upcoming songs (api/src/dj); playing something else ends it, as it ends a radio. */
  @Property({ type: 'boolean', default: false })
  djActive: Opt<boolean> = false;

  /** The last song auto-advance moved past: makes a repeated auto-advance for it a no-op. */
  @Property({ type: 'text', nullable: true })
  lastFinishedSongId: string | null = null;

  /** Milliseconds into the current song, as a client saved it (Subsonic savePlayQueue); null after any other change of the current song. */
  @Property({ type: 'integer', nullable: true })
  positionMs: number | null = null;

  /** The client that saved the queue last (Subsonic's `c`); null when the web app changed it. */
  @Property({ type: 'string', length: 100, nullable: true })
  changedBy: string | null = null;

  /** Bumped on every change so clients can drop stale pushes. */
  @Property({ type: 'integer', default: 0 })
  version: Opt<number> = 0;

  @Property({ type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date(), onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
