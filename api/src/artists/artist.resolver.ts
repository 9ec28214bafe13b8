import { Arg, Args, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { requireUser, type GraphQLContext } from '../graphql/context.js';
import { withoutNulls } from '../graphql/arguments.js';
import { QueueView } from '../library/queue.view.js';
import { SongView } from '../songs/song.view.js';
import { viewSongs } from '../songs/song-views.js';
import { isAdmin } from '../users/permissions.js';
import type { User } from '../users/user.entity.js';
import type { AiArtist } from './ai-artist.entity.js';
import { AiArtistInput, AiArtistView, toArtistView } from './artist.view.js';
import { ConnectionArgs, connectionType } from '../connections/connection.view.js';
import { mapConnection } from '../connections/cursor.js';
import { SongConnection } from '../songs/songs.resolver.js';
import { ARTIST_OWNERS } from './artist.service.js';

const AiArtistConnection = connectionType('AiArtist', AiArtistView, 'How many artists the list holds (all pages).');

const view = (user: User) => (artist: AiArtist) => toArtistView(artist, { id: user.id, admin: isAdmin(user) });

@Resolver(() => AiArtistView)
export class ArtistResolver {
  @Query(() => [AiArtistView], {
    description: "The signed-in user's AI Artists and every public one (admins: all), most recently changed first; mine: only the user's own.",
    deprecationReason: 'Use aiArtistsConnection (Relay cursor connection; owner: "mine" for mine).',
  })
  async aiArtists(@Arg('mine', () => Boolean, { defaultValue: false }) mine: boolean, @Ctx() ctx: GraphQLContext): Promise<AiArtistView[]> {
    const user = requireUser(ctx);
    return (await ctx.services.artists.list(ctx.em, user, { mine })).map(view(user));
  }

  @Query(() => AiArtistConnection.type, {
    description: `The signed-in user's AI Artists and every public one (admins: all), most recently changed first, as a cursor connection. owner: ${ARTIST_OWNERS.map((o) => `"${o}"`).join(', ')} (the user's own only, or other users' only); "anyone" when omitted.`,
  })
  async aiArtistsConnection(@Args(() => ConnectionArgs) page: ConnectionArgs, @Arg('owner', () => String, { nullable: true }) owner: string | null, @Ctx() ctx: GraphQLContext) {
    const user = requireUser(ctx);
    return AiArtistConnection.from(mapConnection(await ctx.services.artists.listConnection(ctx.em, user, { ...page, owner }), view(user)));
  }

  @Query(() => AiArtistView, { description: "An AI Artist of the signed-in user's, a public one, or (admins) any; else NOT_FOUND." })
  async aiArtist(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<AiArtistView> {
    const user = requireUser(ctx);
    return view(user)(await ctx.services.artists.get(ctx.em, user, id));
  }

  @Mutation(() => AiArtistView, { description: 'Creates an AI Artist of the signed-in user (a name is required) and paints its portrait.' })
  async createAiArtist(@Arg('input', () => AiArtistInput) input: AiArtistInput, @Ctx() ctx: GraphQLContext): Promise<AiArtistView> {
    const user = requireUser(ctx);
    return view(user)(await ctx.services.artists.create(ctx.em, user, withoutNulls(input)));
  }

  @Mutation(() => AiArtistView, { description: "Changes the given fields of an artist (its creator's, or any for admins); a new genre, mood or portrait seed repaints the portrait." })
  async updateAiArtist(@Arg('id', () => ID) id: string, @Arg('input', () => AiArtistInput) input: AiArtistInput, @Ctx() ctx: GraphQLContext): Promise<AiArtistView> {
    const user = requireUser(ctx);
    return view(user)(await ctx.services.artists.update(ctx.em, user, { id, input: withoutNulls(input) }));
  }

  @Mutation(() => ID, { description: 'Deletes an artist (its songs stay, with its name as their artist); answers its id.' })
  deleteAiArtist(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<string> {
    return ctx.services.artists.delete(ctx.em, requireUser(ctx), id);
  }

  @Mutation(() => QueueView, { description: "Play all: replaces the queue with the artist's songs the viewer may see, newest first (or shuffled)." })
  async playAiArtist(@Arg('id', () => ID) id: string, @Arg('shuffle', () => Boolean, { defaultValue: false }) shuffle: boolean, @Ctx() ctx: GraphQLContext): Promise<QueueView> {
    return (await ctx.services.artists.play(ctx.em, requireUser(ctx), { id, shuffle })).queue;
  }

  @FieldResolver(() => [SongView], { description: 'The songs generated as this artist that the viewer may see, newest first (at most 200).', deprecationReason: 'Use songsConnection (Relay cursor connection).' })
  async songs(@Root() artist: AiArtistView, @Ctx() ctx: GraphQLContext): Promise<SongView[]> {
    const user = requireUser(ctx);
    return viewSongs(ctx.em, user, await ctx.services.artists.songs(ctx.em, user, artist.entity));
  }

  @FieldResolver(() => SongConnection.type, { description: 'All the songs generated as this artist that the viewer may see, newest first, as a cursor connection.' })
  async songsConnection(@Root() artist: AiArtistView, @Args(() => ConnectionArgs) page: ConnectionArgs, @Ctx() ctx: GraphQLContext) {
    return SongConnection.from(await ctx.services.artists.songsConnection(ctx.em, requireUser(ctx), artist.entity, page));
  }

  @FieldResolver(() => Int, { description: 'How many of its songs the viewer may see.' })
  songCount(@Root() artist: AiArtistView, @Ctx() ctx: GraphQLContext): Promise<number> {
    return ctx.services.artists.songCount(ctx.em, requireUser(ctx), artist.entity);
  }
}
