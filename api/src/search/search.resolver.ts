import { Arg, Args, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { requireUser, type GraphQLContext } from '../graphql/context.js';
import { QueueView } from '../library/queue.view.js';
import { SEARCH_LIMIT_DEFAULT } from './search.service.js';
import { SearchArtistView, SearchResultsView } from './search.view.js';
import { ConnectionArgs, connectionType } from '../connections/connection.view.js';
import { SongConnection } from '../songs/songs.resolver.js';
import { PlaylistConnection } from '../playlists/playlist.resolver.js';

export const SearchArtistConnection = connectionType('SearchArtist', SearchArtistView, 'How many artists match (all pages).');

@Resolver()
export class SearchResolver {
  @Query(() => SearchResultsView, {
    description: 'Songs (title, artist, genre, mood, lyrics), playlists and artists matching the text as typed (each word a prefix), best first; only what the signed-in user may see.',
  })
  search(
    @Arg('text', () => String) text: string,
    @Arg('limit', () => Int, { defaultValue: SEARCH_LIMIT_DEFAULT, description: 'Most results per group (1-50).' }) limit: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SearchResultsView> {
    return ctx.services.search.search(ctx.em, requireUser(ctx), { text, limit });
  }

  @Query(() => SongConnection.type, { description: "Songs matching the text as typed, as search's songs (names first, then lyrics; best first), as a cursor connection." })
  async searchSongs(
    @Arg('text', () => String) text: string,
    @Args(() => ConnectionArgs) page: ConnectionArgs,
    @Ctx() ctx: GraphQLContext,
  ) {
    return SongConnection.from(await ctx.services.search.songsConnection(ctx.em, requireUser(ctx), { ...page, text }));
  }

  @Query(() => PlaylistConnection.type, { description: "Playlists (the user's and public ones) matching the text as typed, best first, as a cursor connection." })
  async searchPlaylists(
    @Arg('text', () => String) text: string,
    @Args(() => ConnectionArgs) page: ConnectionArgs,
    @Ctx() ctx: GraphQLContext,
  ) {
    return PlaylistConnection.from(await ctx.services.search.playlistsConnection(ctx.em, requireUser(ctx), { ...page, text }));
  }

  @Query(() => SearchArtistConnection.type, { description: "Artists matching the text as typed, as search's artists (best match, then most songs the signed-in user may see), as a cursor connection." })
  async searchArtists(
    @Arg('text', () => String) text: string,
    @Args(() => ConnectionArgs) page: ConnectionArgs,
    @Ctx() ctx: GraphQLContext,
  ) {
    return SearchArtistConnection.from(await ctx.services.search.artistsConnection(ctx.em, requireUser(ctx), { ...page, text }));
  }

  @Mutation(() => QueueView, { description: "Replaces the queue with the artist's songs the signed-in user may see, most played first (or shuffled)." })
  async playArtist(@Arg('name', () => String) name: string, @Arg('shuffle', () => Boolean, { defaultValue: false }) shuffle: boolean, @Ctx() ctx: GraphQLContext): Promise<QueueView> {
    return (await ctx.services.search.playArtist(ctx.em, requireUser(ctx), { name, shuffle })).queue;
  }
}
