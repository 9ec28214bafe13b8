import { Arg, Args, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { requireUser, type GraphQLContext } from '../graphql/context.js';
import { playlistTopic, Topics, userTopic } from '../pubsub/pubsub.js';
import { QueueView } from '../library/queue.view.js';
import { PlaylistChangeView, PlaylistEntryView, PlaylistView } from './playlist.view.js';
import { playlistEntriesConnection, playlistEntryViews, receivesPlaylistChange, type PlaylistChangedEvent } from './playlist.service.js';
import { ConnectionArgs, connectionType } from '../connections/connection.view.js';

export const PlaylistConnection = connectionType('Playlist', PlaylistView, 'How many playlists the list holds (all pages).');
const PlaylistEntryConnection = connectionType('PlaylistEntry', PlaylistEntryView, 'How many songs of the playlist the viewer may see.');

@Resolver(() => PlaylistView)
export class PlaylistResolver {
  @Query(() => [PlaylistView], { description: "The signed-in user's playlists, most recently changed first." })
  playlists(@Ctx() ctx: GraphQLContext): Promise<PlaylistView[]> {
    return ctx.services.playlists.mine(ctx.em, requireUser(ctx));
  }

  @Query(() => PlaylistConnection.type, { description: "The signed-in user's playlists as a cursor connection, most recently changed first." })
  async playlistsConnection(
    @Args(() => ConnectionArgs) page: ConnectionArgs,
    @Ctx() ctx: GraphQLContext,
  ) {
    return PlaylistConnection.from(await ctx.services.playlists.mineConnection(ctx.em, requireUser(ctx), page));
  }

  @Query(() => PlaylistView, { description: 'A playlist of the signed-in user, or a public one (read-only); else NOT_FOUND.' })
  playlist(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<PlaylistView> {
    return ctx.services.playlists.get(ctx.em, requireUser(ctx), id);
  }

  @FieldResolver(() => [PlaylistEntryView], { description: 'The songs the viewer may see, in order.' })
  songs(@Root() playlist: PlaylistView, @Ctx() ctx: GraphQLContext): Promise<PlaylistEntryView[]> {
    return playlistEntryViews(ctx.em, requireUser(ctx), playlist);
  }

  @FieldResolver(() => PlaylistEntryConnection.type, { description: 'The songs the viewer may see, in order, as a cursor connection.' })
  async songsConnection(
    @Root() playlist: PlaylistView,
    @Args(() => ConnectionArgs) page: ConnectionArgs,
    @Ctx() ctx: GraphQLContext,
  ) {
    return PlaylistEntryConnection.from(await playlistEntriesConnection(ctx.em, requireUser(ctx), playlist, page));
  }

  @Mutation(() => PlaylistView, { description: 'Creates a playlist of the signed-in user, optionally with songs.' })
  createPlaylist(
    @Arg('name', () => String) name: string,
    @Arg('description', () => String, { nullable: true }) description: string | null,
    @Arg('isPublic', () => Boolean, { defaultValue: false }) isPublic: boolean,
    @Arg('songIds', () => [ID], { nullable: true }) songIds: string[] | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PlaylistView> {
    return ctx.services.playlists.create(ctx.em, requireUser(ctx), { name, description, isPublic, songIds });
  }

  @Mutation(() => PlaylistView)
  renamePlaylist(@Arg('id', () => ID) id: string, @Arg('name', () => String) name: string, @Ctx() ctx: GraphQLContext): Promise<PlaylistView> {
    return ctx.services.playlists.rename(ctx.em, requireUser(ctx), { id, name });
  }

  @Mutation(() => PlaylistView, { description: 'Sets or (with null or an empty text) clears the description.' })
  describePlaylist(
    @Arg('id', () => ID) id: string,
    @Arg('description', () => String, { nullable: true }) description: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PlaylistView> {
    return ctx.services.playlists.describe(ctx.em, requireUser(ctx), { id, description });
  }

  @Mutation(() => PlaylistView, { description: 'Public playlists open read-only for every signed-in user.' })
  setPlaylistPublic(@Arg('id', () => ID) id: string, @Arg('isPublic', () => Boolean) isPublic: boolean, @Ctx() ctx: GraphQLContext): Promise<PlaylistView> {
    return ctx.services.playlists.setPublic(ctx.em, requireUser(ctx), { id, isPublic });
  }

  @Mutation(() => ID, { description: 'Deletes a playlist of the signed-in user; answers its id.' })
  deletePlaylist(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<string> {
    return ctx.services.playlists.delete(ctx.em, requireUser(ctx), { id });
  }

  @Mutation(() => PlaylistView, { description: 'Adds songs at a position of the list (the end when absent); songs already in it stay put.' })
  addSongsToPlaylist(
    @Arg('id', () => ID) id: string,
    @Arg('songIds', () => [ID]) songIds: string[],
    @Arg('position', () => Int, { nullable: true }) position: number | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PlaylistView> {
    return ctx.services.playlists.addSongs(ctx.em, requireUser(ctx), { id, songIds, position });
  }

  @Mutation(() => PlaylistView, { description: 'Removes songs (ones no longer in the playlist are ignored).' })
  removeSongsFromPlaylist(@Arg('id', () => ID) id: string, @Arg('songIds', () => [ID]) songIds: string[], @Ctx() ctx: GraphQLContext): Promise<PlaylistView> {
    return ctx.services.playlists.removeSongs(ctx.em, requireUser(ctx), { id, songIds });
  }

  @Mutation(() => PlaylistView, { description: 'Moves a song to a position of the list.' })
  moveSongInPlaylist(
    @Arg('id', () => ID) id: string,
    @Arg('songId', () => ID) songId: string,
    @Arg('toPosition', () => Int) toPosition: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PlaylistView> {
    return ctx.services.playlists.moveSong(ctx.em, requireUser(ctx), { id, songId, toPosition });
  }

  @Mutation(() => PlaylistView, { description: "A private copy, owned by the signed-in user, of a playlist they may see." })
  duplicatePlaylist(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<PlaylistView> {
    return ctx.services.playlists.duplicate(ctx.em, requireUser(ctx), { id });
  }

  @Mutation(() => QueueView, { description: "Replaces the queue with the playlist's songs from startSongId (else the first), shuffled on request." })
  async playPlaylist(
    @Arg('id', () => ID) id: string,
    @Arg('startSongId', () => ID, { nullable: true }) startSongId: string | null,
    @Arg('shuffle', () => Boolean, { defaultValue: false }) shuffle: boolean,
    @Ctx() ctx: GraphQLContext,
  ): Promise<QueueView> {
    return (await ctx.services.playlists.play(ctx.em, requireUser(ctx), { id, startSongId, shuffle })).queue;
  }

  @Mutation(() => QueueView, { description: "Adds the playlist's songs to the end of the queue, or with next right after the current song." })
  async enqueuePlaylist(@Arg('id', () => ID) id: string, @Arg('next', () => Boolean, { defaultValue: false }) next: boolean, @Ctx() ctx: GraphQLContext): Promise<QueueView> {
    return (await ctx.services.playlists.enqueue(ctx.em, requireUser(ctx), { id, next })).queue;
  }

  @Subscription(() => PlaylistChangeView, {
    // The playlist's own topic when one is named, else the user's; the filter still checks that a
    // watched playlist is theirs or shared.
    topics: ({ args, context }: { args: { playlistId?: string | null }; context: GraphQLContext }) =>
      args.playlistId ? playlistTopic(args.playlistId) : userTopic(Topics.playlistChanged, requireUser(context).id),
    filter: ({ payload, args, context }: { payload: PlaylistChangedEvent; args: { playlistId?: string | null }; context: GraphQLContext }) =>
      receivesPlaylistChange(payload, context.user, args.playlistId),
    description: "Changes to the signed-in user's playlists (created, edited, deleted), or with playlistId to that playlist when they may see it.",
  })
  playlistChanged(
    @Root() event: PlaylistChangedEvent,
    @Arg('playlistId', () => ID, { nullable: true }) _playlistId: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PlaylistChangeView> {
    // A fresh identity map per push: the subscription's context lives as long as the socket.
    return ctx.services.playlists.changeFor(ctx.em.fork(), requireUser(ctx), event);
  }
}
