import { Arg, Args, Ctx, ID, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { requireUser, requireUserId, type GraphQLContext } from '../graphql/context.js';
import { Topics, userTopic } from '../pubsub/pubsub.js';
import { QueueView, RadioTuneResultView } from './queue.view.js';
import { RadioTuningView } from '../radio/radio.view.js';
import type { QueueChangedEvent } from './queue.service.js';
import { ConnectionArgs, connectionType } from '../connections/connection.view.js';
import { PlayHistoryEntryView } from './play-history.view.js';
import { playHistoryConnection } from './play-history.service.js';

const PlayHistoryConnection = connectionType('PlayHistory', PlayHistoryEntryView, 'How many plays the history holds.');

@Resolver()
export class QueueResolver {
  @Query(() => QueueView, { description: "The signed-in user's play queue." })
  queue(@Ctx() ctx: GraphQLContext): Promise<QueueView> {
    return ctx.services.queue.getQueue(ctx.em, { id: requireUserId(ctx) });
  }

  @Query(() => PlayHistoryConnection.type, { description: "The signed-in user's listening history, newest first, as a cursor connection (the queue's playHistory holds the latest 50)." })
  async playHistory(
    @Args(() => ConnectionArgs) page: ConnectionArgs,
    @Ctx() ctx: GraphQLContext,
  ) {
    return PlayHistoryConnection.from(await playHistoryConnection(ctx.em, requireUser(ctx), page));
  }

  @Mutation(() => QueueView, { description: 'Plays a song now; with isGenreSelection the upcoming queue becomes a radio of its genre.' })
  async playSong(
    @Arg('id', () => ID) id: string,
    @Arg('isGenreSelection', () => Boolean, { defaultValue: false }) isGenreSelection: boolean,
    @Ctx() ctx: GraphQLContext,
  ): Promise<QueueView> {
    return (await ctx.services.queue.playSong(ctx.em, requireUser(ctx), { id, isGenreSelection })).queue;
  }

  @Mutation(() => QueueView, { description: 'Replaces the queue with a list of songs (a row of the home page): the one at startIndex plays now, the ones after it follow.' })
  async playSongs(
    @Arg('songIds', () => [ID]) songIds: string[],
    @Arg('startIndex', () => Int, { defaultValue: 0 }) startIndex: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<QueueView> {
    return (await ctx.services.queue.playSongs(ctx.em, requireUser(ctx), { songIds, startIndex })).queue;
  }

  @Mutation(() => QueueView, { description: 'Starts an active radio station: its first song plays now and its songCount songs follow.' })
  async playRadioStation(@Arg('genre', () => String) genre: string, @Ctx() ctx: GraphQLContext): Promise<QueueView> {
    return (await ctx.services.queue.playStation(ctx.em, requireUser(ctx), { genre })).queue;
  }

  @Mutation(() => RadioTuneResultView, { description: 'Starts Radio v2 with these dials (docs/radio.md).' })
  async tuneRadio(@Arg('tuning', () => RadioTuningView) tuning: RadioTuningView, @Ctx() ctx: GraphQLContext): Promise<RadioTuneResultView> {
    const { queue, radioSongs } = await ctx.services.queue.tuneRadio(ctx.em, requireUser(ctx), { ...tuning });
    return { queue, songsRequested: radioSongs?.requested ?? 0, songsInProgress: radioSongs?.inProgress ?? 0, note: radioSongs?.note ?? null };
  }

  @Mutation(() => QueueView, { description: 'Adds a song to the end of the upcoming queue.' })
  async enqueue(@Arg('songId', () => ID) songId: string, @Ctx() ctx: GraphQLContext): Promise<QueueView> {
    return (await ctx.services.queue.enqueue(ctx.em, requireUser(ctx), { songId })).queue;
  }

  @Mutation(() => QueueView, { description: 'Inserts a song right after the current one.' })
  async playNext(@Arg('songId', () => ID) songId: string, @Ctx() ctx: GraphQLContext): Promise<QueueView> {
    return (await ctx.services.queue.playNext(ctx.em, requireUser(ctx), { songId })).queue;
  }

  @Mutation(() => QueueView, { description: 'Moves an upcoming song (indexes in upcomingQueue).' })
  async moveInQueue(@Arg('from', () => Int) from: number, @Arg('to', () => Int) to: number, @Ctx() ctx: GraphQLContext): Promise<QueueView> {
    return (await ctx.services.queue.moveInQueue(ctx.em, requireUser(ctx), { from, to })).queue;
  }

  @Mutation(() => QueueView, { description: 'Removes the upcoming song at an index.' })
  async removeFromQueue(@Arg('index', () => Int) index: number, @Ctx() ctx: GraphQLContext): Promise<QueueView> {
    return (await ctx.services.queue.removeFromQueue(ctx.em, requireUser(ctx), { index })).queue;
  }

  @Mutation(() => QueueView, { description: 'Empties the upcoming queue (and stops a radio).' })
  async clearQueue(@Ctx() ctx: GraphQLContext): Promise<QueueView> {
    return (await ctx.services.queue.clearQueue(ctx.em, requireUser(ctx))).queue;
  }

  @Mutation(() => QueueView, { description: 'Skips to the next upcoming song.' })
  async nextSong(@Ctx() ctx: GraphQLContext): Promise<QueueView> {
    return (await ctx.services.queue.nextSong(ctx.em, requireUser(ctx))).queue;
  }

  @Mutation(() => QueueView, { description: 'Goes back to the previous song and plays it again.' })
  async previousSong(@Ctx() ctx: GraphQLContext): Promise<QueueView> {
    return (await ctx.services.queue.previousSong(ctx.em, requireUser(ctx))).queue;
  }

  @Mutation(() => QueueView, { description: 'Rolls the queue back one song without counting a play.' })
  async shiftBackward(@Ctx() ctx: GraphQLContext): Promise<QueueView> {
    return (await ctx.services.queue.shiftBackward(ctx.em, requireUser(ctx))).queue;
  }

  @Mutation(() => QueueView, { description: 'The current song ended; a repeated call for the same song end does not advance again.' })
  async autoAdvance(@Arg('finishedSongId', () => ID) finishedSongId: string, @Ctx() ctx: GraphQLContext): Promise<QueueView> {
    return (await ctx.services.queue.autoAdvance(ctx.em, requireUser(ctx), { finishedSongId })).queue;
  }

  @Subscription(() => QueueView, {
    topics: ({ context }: { context: GraphQLContext }) => userTopic(Topics.queueChanged, requireUser(context).id),
    description: "The signed-in user's queue after every change, from any device or API process.",
  })
  queueChanged(@Root() event: QueueChangedEvent): QueueView {
    return event.queue;
  }
}
