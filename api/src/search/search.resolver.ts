import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { requireUser, type GraphQLContext } from '../graphql/context.js';
import { QueueView } from '../library/queue.view.js';
import { SEARCH_LIMIT_DEFAULT } from './search.service.js';
import { SearchResultsView } from './search.view.js';

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

  @Mutation(() => QueueView, { description: "Replaces the queue with the artist's songs the signed-in user may see, most played first (or shuffled)." })
  async playArtist(@Arg('name', () => String) name: string, @Arg('shuffle', () => Boolean, { defaultValue: false }) shuffle: boolean, @Ctx() ctx: GraphQLContext): Promise<QueueView> {
    return (await ctx.services.search.playArtist(ctx.em, requireUser(ctx), { name, shuffle })).queue;
  }
}
