import { Index, ManyToOne, PrimaryKey, Property, type Opt } from '@mikro-orm/core';
import { Timestamped } from '../db/timestamps.js';
import { User } from '../users/user.entity.js';
import { AlbumArt } from '../artwork/album-art.entity.js';
import type { SongAnalysis } from '../music/types.js';

/** The columns `songs` and `production_songs` share (SPEC 3: "the songs fields plus ..."). */
export abstract class SongFields extends Timestamped {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'string', length: 255 })
  title!: string;

  @Property({ type: 'string', length: 255, nullable: true })
  artist: string | null = null;

  @Property({ type: 'string', length: 255, nullable: true })
  album: string | null = null;

  /** Seconds. */
  @Property({ type: 'double', nullable: true })
  duration: number | null = null;

  @Property({ type: 'text', nullable: true })
  coverUrl: string | null = null;

  @Property({ type: 'text', nullable: true })
  thumbnailUrl: string | null = null;

  @ManyToOne(() => AlbumArt, { nullable: true, deleteRule: 'set null', fieldName: 'album_art_id' })
  albumArt: AlbumArt | null = null;

  @Property({ type: 'text', nullable: true })
  audioUrl: string | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  @Index()
  genre: string | null = null;

  @Property({ type: 'text', nullable: true })
  lyrics: string | null = null;

  /** Time-stamped lyric lines ("[mm:ss.xx]text"), for the player's synced lyrics. */
  @Property({ type: 'text', nullable: true })
  lrc: string | null = null;

  @Property({ type: 'string', length: 50, nullable: true })
  status: string | null = null;

  @Property({ type: 'integer', default: 0 })
  playCount: Opt<number> = 0;

  @Property({ type: 'integer', default: 0 })
  likeCount: Opt<number> = 0;

  @Property({ type: 'string', length: 100, nullable: true })
  mood: string | null = null;

  @Property({ type: 'json', nullable: true })
  settings: Record<string, unknown> | null = null;

  @Property({ type: 'datetime', nullable: true })
  playedAt: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  playingAt: Date | null = null;

  @Property({ type: 'integer', nullable: true })
  playStateSerial: number | null = null;

  /** An external provider's id for the track, when it came from one. */
  @Property({ type: 'text', nullable: true })
  songId: string | null = null;

  @Property({ type: 'string', length: 50, nullable: true })
  playState: string | null = null;

  @Property({ type: 'string', length: 50, nullable: true })
  processingStatus: string | null = null;

  /** Seconds into the file where the music starts / ends (after trimming silence). */
  @Property({ type: 'double', nullable: true })
  audioStartTime: number | null = null;

  @Property({ type: 'double', nullable: true })
  audioEndTime: number | null = null;

  @ManyToOne(() => User, { nullable: true, deleteRule: 'cascade', fieldName: 'user_id' })
  @Index()
  user: User | null = null;

  @Property({ type: 'boolean', default: true })
  isPublic: Opt<boolean> = true;

  @Property({ type: 'boolean', default: true })
  canBeShared: Opt<boolean> = true;

  @Property({ type: 'double', nullable: true })
  bpm: number | null = null;

  @Property({ type: 'string', length: 20, nullable: true })
  musicalKey: string | null = null;

  /** Mean of the analysis' energy curve, 0..1: a column so smart playlists filter and sort on it in SQL. */
  @Property({ type: 'double', nullable: true })
  energy: number | null = null;

  /** Integrated loudness in LUFS (the analysis' integratedLufs), a column for the same reason. */
  @Property({ type: 'double', nullable: true })
  loudness: number | null = null;

  /** The engine version that last made or re-made the audio (null: made before versions were recorded). */
  @Property({ type: 'string', length: 20, nullable: true })
  engineVersion: string | null = null;
  /** The engine's analysis (beat offset, loudness, silence ranges, waveform...) for the DJ features. */
  @Property({ type: 'json', nullable: true, lazy: true })
  analysis: SongAnalysis | null = null;
}
