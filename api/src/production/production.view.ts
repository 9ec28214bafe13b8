import { Field, ID, Int, ObjectType } from 'type-graphql';
import { DateTimeISOResolver } from 'graphql-scalars';
import type { ProductionTransferRun } from './production-transfer-run.entity.js';
import type { SyncList, SyncSong, SyncStatus, TransferOutcome } from './production-sync.service.js';

@ObjectType('ProductionSyncSong', { description: 'A song of the working library or of the production catalogue, as the database sync page lists it.' })
export class ProductionSyncSongView {
  @Field(() => ID, { description: "The working library's song id (for a deleted song, the id it had)." }) songId!: string;
  @Field(() => ID, { nullable: true, description: 'The production row, once transferred (what unpublish takes).' }) productionId!: string | null;
  @Field(() => String) title!: string;
  @Field(() => String, { nullable: true }) artist!: string | null;
  @Field(() => String, { nullable: true }) genre!: string | null;
  @Field(() => String, { nullable: true }) owner!: string | null;
  @Field(() => DateTimeISOResolver, { nullable: true }) changedAt!: Date | null;
  @Field(() => DateTimeISOResolver, { nullable: true }) transferredAt!: Date | null;
  @Field(() => Boolean, { description: 'A transfer would publish it now (public, not hidden, with audio).' }) publishable!: boolean;
}

@ObjectType('ProductionSyncList')
export class ProductionSyncListView {
  @Field(() => Int) total!: number;
  @Field(() => [ProductionSyncSongView], { description: 'The most recently changed first, at most `first`.' }) songs!: ProductionSyncSongView[];
}

@ObjectType('ProductionTransferRun', { description: 'A "transfer all" to the production catalogue, committed batch by batch.' })
export class ProductionTransferRunView {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: 'running, completed, failed or interrupted (its process died; run it again to finish).' }) status!: string;
  @Field(() => Int) total!: number;
  @Field(() => Int) transferred!: number;
  @Field(() => String, { nullable: true }) error!: string | null;
  @Field(() => String, { nullable: true }) startedBy!: string | null;
  @Field(() => DateTimeISOResolver) startedAt!: Date;
  @Field(() => DateTimeISOResolver, { nullable: true }) finishedAt!: Date | null;
}

@ObjectType('ProductionSync', { description: 'What differs between the working library and the production catalogue.' })
export class ProductionSyncView {
  @Field(() => ProductionSyncListView, { description: 'Publishable songs never transferred.' }) newSongs!: ProductionSyncListView;
  @Field(() => ProductionSyncListView, { description: 'Published songs whose content changed since their transfer.' }) changedSongs!: ProductionSyncListView;
  @Field(() => ProductionSyncListView, { description: 'Published songs since deleted from the working library.' }) deletedSongs!: ProductionSyncListView;
  @Field(() => ProductionSyncListView, { description: 'Published songs identical to their library version.' }) inSyncSongs!: ProductionSyncListView;
  @Field(() => ProductionTransferRunView, { nullable: true, description: 'The latest "transfer all".' }) run!: ProductionTransferRunView | null;
}

@ObjectType('ProductionTransferResult')
export class ProductionTransferResultView {
  @Field(() => [ID], { description: 'Songs published for the first time.' }) added!: string[];
  @Field(() => [ID], { description: 'Published songs brought up to date.' }) updated!: string[];
}

const toSongView = (song: SyncSong) => Object.assign(new ProductionSyncSongView(), song);
const toListView = (list: SyncList) => Object.assign(new ProductionSyncListView(), { total: list.total, songs: list.songs.map(toSongView) });

export function toRunView(run: ProductionTransferRun): ProductionTransferRunView {
  return Object.assign(new ProductionTransferRunView(), {
    id: String(run.id),
    status: run.status,
    total: run.total,
    transferred: run.transferred,
    error: run.error,
    startedBy: run.startedBy?.username ?? null,
    startedAt: run.createdAt,
    finishedAt: run.finishedAt,
  });
}

export function toSyncView(status: SyncStatus): ProductionSyncView {
  return Object.assign(new ProductionSyncView(), {
    newSongs: toListView(status.lists.new),
    changedSongs: toListView(status.lists.changed),
    deletedSongs: toListView(status.lists.deleted),
    inSyncSongs: toListView(status.lists.in_sync),
    run: status.run ? toRunView(status.run) : null,
  });
}

export const toTransferView = (outcome: TransferOutcome) => Object.assign(new ProductionTransferResultView(), outcome);
