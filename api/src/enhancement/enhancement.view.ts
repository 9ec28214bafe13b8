import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { DateTimeISOResolver } from 'graphql-scalars';
import type { EnhancementBatch } from './enhancement-batch.entity.js';
import type { EnhancementItem, SongSnapshot } from './enhancement-item.entity.js';
import { batchState, type BatchCounts } from './enhancement.service.js';

@InputType()
export class EnhancementFilterInput {
  @Field(() => String, { nullable: true, description: 'Songs whose audio an older engine made (or an unrecorded one).' }) engineVersionBelow?: string | null;
  @Field(() => Boolean, { nullable: true }) withoutLyrics?: boolean | null;
  @Field(() => Boolean, { nullable: true, description: 'Songs without the engine\'s audio analysis (BPM, key, energy, intro/outro, silence).' }) withoutAnalysis?: boolean | null;
  @Field(() => Boolean, { nullable: true }) withoutContentAnalysis?: boolean | null;
}

@InputType()
export class EnhancementBatchInput {
  @Field(() => [String], { description: 'reanalyse, cover, remaster, lyrics, content' }) operations!: string[];
  @Field(() => [ID], { nullable: true, description: 'The songs to enhance; or give a filter.' }) songIds?: string[] | null;
  @Field(() => EnhancementFilterInput, { nullable: true }) filter?: EnhancementFilterInput | null;
  @Field(() => Float, { nullable: true, description: 'LUFS for remaster (and the songs lyrics re-make), -30..-6; default -14.' }) targetLufs?: number | null;
}

@ObjectType('EnhancementCount')
export class EnhancementCountView {
  @Field(() => String) status!: string;
  @Field(() => Int) count!: number;
}

@ObjectType('SongVersion', { description: "A song's enhanced fields at one moment: before or after an enhancement." })
export class SongVersionView {
  @Field(() => String, { nullable: true }) audioUrl!: string | null;
  @Field(() => String, { nullable: true }) coverUrl!: string | null;
  @Field(() => String, { nullable: true }) lyrics!: string | null;
  @Field(() => Float, { nullable: true }) loudness!: number | null;
  @Field(() => Float, { nullable: true }) bpm!: number | null;
  @Field(() => String, { nullable: true }) musicalKey!: string | null;
  @Field(() => Float, { nullable: true }) energy!: number | null;
  @Field(() => Float, { nullable: true }) duration!: number | null;
  @Field(() => String, { nullable: true }) engineVersion!: string | null;
}

function toVersion(snapshot: SongSnapshot | null): SongVersionView | null {
  if (!snapshot) return null;
  const pick = <T>(key: string) => (key in snapshot ? (snapshot[key] as T) : null);
  return Object.assign(new SongVersionView(), {
    audioUrl: pick<string>('audioUrl'),
    coverUrl: pick<string>('coverUrl'),
    lyrics: pick<string>('lyrics'),
    loudness: pick<number>('loudness'),
    bpm: pick<number>('bpm'),
    musicalKey: pick<string>('musicalKey'),
    energy: pick<number>('energy'),
    duration: pick<number>('duration'),
    engineVersion: pick<string>('engineVersion'),
  });
}

@ObjectType('EnhancementItem', { description: 'One song of a batch, its result and its before/after.' })
export class EnhancementItemView {
  @Field(() => ID) id!: string;
  @Field(() => ID) songId!: string;
  @Field(() => String) songTitle!: string;
  @Field(() => String, { description: 'pending, processing, completed, failed, skipped, cancelled, undone, confirmed' }) status!: string;
  @Field(() => [String]) notes!: string[];
  @Field(() => String, { nullable: true }) error!: string | null;
  @Field(() => SongVersionView, { nullable: true, description: 'The changed fields before (only those that changed).' }) before!: SongVersionView | null;
  @Field(() => SongVersionView, { nullable: true }) after!: SongVersionView | null;
  @Field(() => DateTimeISOResolver, { nullable: true }) finishedAt!: Date | null;
}

export function toItemView(item: EnhancementItem): EnhancementItemView {
  return Object.assign(new EnhancementItemView(), {
    id: String(item.id),
    songId: item.song.id,
    songTitle: item.song.title,
    status: item.status,
    notes: item.notes ?? [],
    error: item.error,
    before: toVersion(item.before),
    after: toVersion(item.after),
    finishedAt: item.finishedAt,
  });
}

@ObjectType('EnhancementBatch')
export class EnhancementBatchView {
  @Field(() => ID) id!: string;
  @Field(() => [String]) operations!: string[];
  @Field(() => String) selection!: string;
  @Field(() => Float, { nullable: true }) targetLufs!: number | null;
  @Field(() => String, { description: "running, paused, cancelled, or finished once no song is waiting or running" }) status!: string;
  @Field(() => String, { nullable: true }) createdBy!: string | null;
  @Field(() => DateTimeISOResolver) createdAt!: Date;
  @Field(() => DateTimeISOResolver, { nullable: true }) confirmedAt!: Date | null;
  @Field(() => Int) total!: number;
  @Field(() => Int, { description: 'Songs no longer waiting or running.' }) done!: number;
  @Field(() => [EnhancementCountView]) counts!: EnhancementCountView[];
  @Field(() => [EnhancementItemView], { nullable: true, description: 'Per-song results (enhancementBatch only).' }) items!: EnhancementItemView[] | null;
}

export function toBatchView(batch: EnhancementBatch, counts: BatchCounts, items: EnhancementItem[] | null): EnhancementBatchView {
  const active = (counts.byStatus.get('pending') ?? 0) + (counts.byStatus.get('processing') ?? 0);
  return Object.assign(new EnhancementBatchView(), {
    id: String(batch.id),
    operations: batch.operations,
    selection: batch.selection,
    targetLufs: batch.targetLufs,
    status: batchState(batch, counts),
    createdBy: batch.createdBy?.username ?? null,
    createdAt: batch.createdAt,
    confirmedAt: batch.confirmedAt,
    total: counts.total,
    done: counts.total - active,
    counts: [...counts.byStatus.entries()].map(([status, count]) => Object.assign(new EnhancementCountView(), { status, count })),
    items: items?.map(toItemView) ?? null,
  });
}
