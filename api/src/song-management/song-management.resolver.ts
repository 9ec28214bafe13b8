import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { requireUser, type GraphQLContext } from '../graphql/context.js';
import { ConnectionArgs, connectionType } from '../connections/connection.view.js';
import { CoverChoiceView, ManagedSongInput, ManagedSongView } from './song-management.view.js';

const ManagedSongConnection = connectionType('ManagedSong', ManagedSongView, 'How many songs the list holds (all pages).');

@Resolver(() => ManagedSongView)
export class SongManagementResolver {
  @Query(() => [ManagedSongView], { description: "Song management (needs canManageSongs): the caller's songs; with all (admins) every song.", deprecationReason: 'Use managedSongsConnection (Relay cursor connection).' })
  managedSongs(@Arg('all', () => Boolean, { defaultValue: false }) all: boolean, @Ctx() ctx: GraphQLContext): Promise<ManagedSongView[]> {
    return ctx.services.songManagement.list(ctx.em, requireUser(ctx), { all });
  }

  @Query(() => ManagedSongConnection.type, { description: "Song management (needs canManageSongs): the caller's songs, newest first, as a cursor connection; with all (admins) every song." })
  async managedSongsConnection(@Args(() => ConnectionArgs) page: ConnectionArgs, @Arg('all', () => Boolean, { defaultValue: false }) all: boolean, @Ctx() ctx: GraphQLContext) {
    return ManagedSongConnection.from(await ctx.services.songManagement.listConnection(ctx.em, requireUser(ctx), { ...page, all }));
  }

  @Query(() => [CoverChoiceView], { description: 'Generated covers a managed song may take instead of its own.' })
  coverChoices(@Ctx() ctx: GraphQLContext): Promise<CoverChoiceView[]> {
    return ctx.services.songManagement.coverChoices(ctx.em, requireUser(ctx));
  }

  @Mutation(() => ManagedSongView, { description: 'Edits a song the caller manages.' })
  updateManagedSong(@Arg('id', () => ID) id: string, @Arg('input', () => ManagedSongInput) input: ManagedSongInput, @Ctx() ctx: GraphQLContext): Promise<ManagedSongView> {
    return ctx.services.songManagement.update(ctx.em, requireUser(ctx), { ...input, id });
  }

  @Mutation(() => [ManagedSongView], { description: 'Sets isPublic and/or canBeShared on songs the caller manages.' })
  setSongsVisibility(
    @Arg('songIds', () => [ID]) songIds: string[],
    @Arg('isPublic', () => Boolean, { nullable: true }) isPublic: boolean | null,
    @Arg('canBeShared', () => Boolean, { nullable: true }) canBeShared: boolean | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ManagedSongView[]> {
    return ctx.services.songManagement.setVisibility(ctx.em, requireUser(ctx), { songIds, isPublic, canBeShared });
  }

  @Mutation(() => [ID], { description: 'Deletes songs the caller manages with their media, likes, playlist and queue entries; answers their ids.' })
  deleteSongs(@Arg('songIds', () => [ID]) songIds: string[], @Ctx() ctx: GraphQLContext): Promise<string[]> {
    return ctx.services.songManagement.delete(ctx.em, requireUser(ctx), { songIds });
  }
}
