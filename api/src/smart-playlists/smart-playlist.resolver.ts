import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { JSONObjectResolver } from 'graphql-scalars';
import { requireUser, type GraphQLContext } from '../graphql/context.js';
import { QueueView } from '../library/queue.view.js';
import { SmartPlaylistPresetView, SmartPlaylistSongsView, SmartPlaylistView } from './smart-playlist.view.js';

@Resolver(() => SmartPlaylistView)
export class SmartPlaylistResolver {
  @Query(() => [SmartPlaylistView], { description: "The signed-in user's smart playlists, most recently changed first." })
  smartPlaylists(@Ctx() ctx: GraphQLContext): Promise<SmartPlaylistView[]> {
    return ctx.services.smartPlaylists.mine(ctx.em, requireUser(ctx));
  }

  @Query(() => SmartPlaylistView, { description: 'A smart playlist of the signed-in user; else NOT_FOUND.' })
  smartPlaylist(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<SmartPlaylistView> {
    return ctx.services.smartPlaylists.get(ctx.em, requireUser(ctx), id);
  }

  @Query(() => [SmartPlaylistPresetView], { description: 'Ready-made rules to start from.' })
  smartPlaylistPresets(@Ctx() ctx: GraphQLContext): SmartPlaylistPresetView[] {
    requireUser(ctx);
    return ctx.services.smartPlaylists.presets();
  }

  @Query(() => SmartPlaylistSongsView, { description: 'The songs some rules give the signed-in user right now: their count and the first `first`.' })
  smartPlaylistSongs(
    @Arg('rules', () => JSONObjectResolver) rules: Record<string, unknown>,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SmartPlaylistSongsView> {
    return ctx.services.smartPlaylists.preview(ctx.em, requireUser(ctx), { rules, first });
  }

  @Mutation(() => SmartPlaylistView)
  createSmartPlaylist(
    @Arg('name', () => String) name: string,
    @Arg('rules', () => JSONObjectResolver) rules: Record<string, unknown>,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SmartPlaylistView> {
    return ctx.services.smartPlaylists.create(ctx.em, requireUser(ctx), { name, rules });
  }

  @Mutation(() => SmartPlaylistView, { description: 'Renames and/or replaces the rules.' })
  updateSmartPlaylist(
    @Arg('id', () => ID) id: string,
    @Arg('name', () => String, { nullable: true }) name: string | null,
    @Arg('rules', () => JSONObjectResolver, { nullable: true }) rules: Record<string, unknown> | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SmartPlaylistView> {
    return ctx.services.smartPlaylists.update(ctx.em, requireUser(ctx), { id, name, rules });
  }

  @Mutation(() => ID, { description: 'Deletes a smart playlist of the signed-in user; answers its id.' })
  deleteSmartPlaylist(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<string> {
    return ctx.services.smartPlaylists.delete(ctx.em, requireUser(ctx), { id });
  }

  @Mutation(() => QueueView, { description: "Replaces the queue with the smart playlist's songs as they are now, shuffled on request." })
  async playSmartPlaylist(
    @Arg('id', () => ID) id: string,
    @Arg('shuffle', () => Boolean, { defaultValue: false }) shuffle: boolean,
    @Ctx() ctx: GraphQLContext,
  ): Promise<QueueView> {
    return (await ctx.services.smartPlaylists.play(ctx.em, requireUser(ctx), { id, shuffle })).queue;
  }
}
