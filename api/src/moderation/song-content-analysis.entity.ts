import { Entity, Index, ManyToOne, PrimaryKey, Property, type Opt } from '@mikro-orm/core';
import { Timestamped } from '../db/timestamps.js';
import { Song } from '../songs/song.entity.js';

@Entity({ tableName: 'song_content_analysis' })
export class SongContentAnalysis extends Timestamped {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Song, { deleteRule: 'cascade' })
  @Index()
  song!: Song;

  @Property({ type: 'json', nullable: true })
  themes: string[] | null = null;

  @Property({ type: 'json', nullable: true })
  keywords: string[] | null = null;

  @Property({ type: 'string', length: 50, nullable: true })
  sentiment: string | null = null;

  @Property({ type: 'double', nullable: true })
  sentimentScore: number | null = null;

  @Property({ type: 'string', length: 20, nullable: true })
  language: string | null = null;

  @Property({ type: 'string', length: 20, nullable: true })
  contentRating: string | null = null;

  @Property({ type: 'boolean', default: false })
  adultContent: Opt<boolean> = false;

  @Property({ type: 'boolean', default: false })
  offensiveContent: Opt<boolean> = false;

  @Property({ type: 'json', nullable: true })
  offensiveWords: string[] | null = null;

  @Property({ type: 'json', nullable: true })
  emotionalTones: string[] | null = null;

  @Property({ type: 'json', nullable: true })
  musicalReferences: string[] | null = null;

  @Property({ type: 'json', nullable: true })
  culturalReferences: string[] | null = null;

  @Property({ type: 'text', nullable: true })
  searchableText: string | null = null;

  @Property({ type: 'integer', nullable: true })
  wordCount: number | null = null;

  @Property({ type: 'integer', nullable: true })
  uniqueWordCount: number | null = null;

  @Property({ type: 'string', length: 10, default: '1.0' })
  analysisVersion: Opt<string> = '1.0';

  @Property({ type: 'double', nullable: true })
  analysisConfidence: number | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  analysisModel: string | null = null;
}
