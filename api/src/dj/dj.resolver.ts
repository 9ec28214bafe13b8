import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { requireUser, type GraphQLContext } from '../graphql/context.js';
import { viewSongs } from '../songs/song-views.js';
import type { User } from '../users/user.entity.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DjEntry, DjSet } from './dj.service.js';
import { DjSetView, DjStartView, DjVoiceLinkView, type DjEntryView } from './dj.view.js';

const ZONE = { nullable: true, description: "The browser's time zone, used when the user saved none in Mood & Time." } as const;

@Resolver()
export class DjResolver {
  @Query(() => DjSetView, { description: 'The DJ set (needs canAccessDJ).' })
  async djSet(@Arg('timezone', () => String, ZONE) timezone: string | null, @Ctx() ctx: GraphQLContext): Promise<DjSetView> {
    return setView(ctx, requireUser(ctx), timezone);
  }

  @Query(() => DjVoiceLinkView, { nullable: true, description: 'The spoken link from a song of the set to the next (null with the voice off).' })
  djVoiceLink(@Arg('fromSongId', () => ID) fromSongId: string, @Arg('toSongId', () => ID) toSongId: string, @Ctx() ctx: GraphQLContext): Promise<DjVoiceLinkView | null> {
    return ctx.services.dj.voiceLink(ctx.em, requireUser(ctx), { fromSongId, toSongId });
  }

  @Mutation(() => DjStartView, { description: 'DJ mode on: saves djModeEnabled and lets the DJ plan the upcoming songs (a new session: no pins, no dislikes).' })
  async startDj(@Arg('timezone', () => String, ZONE) timezone: string | null, @Ctx() ctx: GraphQLContext): Promise<DjStartView> {
    const user = requireUser(ctx);
    const { queue } = await ctx.services.dj.start(ctx.em, user, { timezone });
    return { queue, set: await setView(ctx, user, timezone) };
  }

  @Mutation(() => DjSetView, { description: 'DJ mode off: the planned songs stay queued.' })
  async stopDj(@Ctx() ctx: GraphQLContext): Promise<DjSetView> {
    const user = requireUser(ctx);
    await ctx.services.dj.stop(ctx.em, user);
    return setView(ctx, user, null);
  }

  @Mutation(() => DjSetView, { description: 'Pins a song of the set to its place (or unpins it).' })
  async pinDjSong(@Arg('songId', () => ID) songId: string, @Arg('pinned', () => Boolean) pinned: boolean, @Ctx() ctx: GraphQLContext): Promise<DjSetView> {
    const user = requireUser(ctx);
    await ctx.services.dj.pin(ctx.em, user, { songId, pinned });
    return setView(ctx, user, null);
  }

  @Mutation(() => DjSetView, { description: 'Takes a song out of the set; the songs after it are re-planned.' })
  async removeDjSong(@Arg('songId', () => ID) songId: string, @Ctx() ctx: GraphQLContext): Promise<DjSetView> {
    const user = requireUser(ctx);
    await ctx.services.dj.remove(ctx.em, user, { songId });
    return setView(ctx, user, null);
  }

  @Mutation(() => DjSetView, { description: 'Moves a song of the set to index toIndex (0 = next) and pins it there.' })
  async moveDjSong(@Arg('songId', () => ID) songId: string, @Arg('toIndex', () => Int) toIndex: number, @Ctx() ctx: GraphQLContext): Promise<DjSetView> {
    const user = requireUser(ctx);
    await ctx.services.dj.move(ctx.em, user, { songId, toIndex });
    return setView(ctx, user, null);
  }

  @Mutation(() => DjSetView, { description: 'A new plan for every unpinned song.' })
  async regenerateDjSet(@Ctx() ctx: GraphQLContext): Promise<DjSetView> {
    const user = requireUser(ctx);
    await ctx.services.dj.regenerate(ctx.em, user);
    return setView(ctx, user, null);
  }

  @Mutation(() => DjSetView, { description: 'Turns the DJ voice on or off (BAD_USER_INPUT when the server cannot synthesise it).' })
  async setDjVoice(@Arg('enabled', () => Boolean) enabled: boolean, @Ctx() ctx: GraphQLContext): Promise<DjSetView> {
    const user = requireUser(ctx);
    await ctx.services.dj.setVoice(ctx.em, user, { enabled });
    return setView(ctx, user, null);
  }
}

async function setView(ctx: GraphQLContext, user: User, timezone: string | null): Promise<DjSetView> {
  const set = await ctx.services.dj.getSet(ctx.em, user, { timezone });
  return toSetView(ctx.em, user, set);
}

async function toSetView(em: EntityManager, user: User, set: DjSet): Promise<DjSetView> {
  const entries = [...(set.current ? [set.current] : []), ...set.upcoming];
  const songs = await viewSongs(em, user, entries.map((e) => e.song));
  const view = (entry: DjEntry, at: number): DjEntryView => ({ ...entry, song: songs[at] });
  const offset = set.current ? 1 : 0;
  return {
    ...set,
    current: set.current ? view(set.current, 0) : null,
    upcoming: set.upcoming.map((entry, i) => view(entry, i + offset)),
  };
}
