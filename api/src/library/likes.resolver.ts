import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { requireUser, type GraphQLContext } from '../graphql/context.js';
import { SongView } from '../songs/song.view.js';
import { SongConnection } from '../songs/songs.resolver.js';
import { ConnectionArgs } from '../connections/connection.view.js';

@Resolver()
export class LikesResolver {
  @Query(() => Boolean, { description: 'Whether the signed-in user likes the song.' })
  isLiked(@Arg('songId', () => ID) songId: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    return ctx.services.likes.isLiked(ctx.em, requireUser(ctx), { songId });
  }

  @Query(() => [SongView], { description: "The signed-in user's liked songs, most recently liked first.", deprecationReason: 'Use likedSongsConnection (Relay cursor connection).' })
  likedSongs(@Ctx() ctx: GraphQLContext): Promise<SongView[]> {
    return ctx.services.likes.likedSongs(ctx.em, requireUser(ctx));
  }

  @Query(() => SongConnection.type, { description: "The signed-in user's liked songs they may still see, most recently liked first, as a cursor connection." })
  async likedSongsConnection(@Args(() => ConnectionArgs) page: ConnectionArgs, @Ctx() ctx: GraphQLContext) {
    return SongConnection.from(await ctx.services.likes.likedSongsConnection(ctx.em, requireUser(ctx), page));
  }

  @Mutation(() => SongView, { description: 'Likes a song (liking twice changes nothing).' })
  like(@Arg('songId', () => ID) songId: string, @Ctx() ctx: GraphQLContext): Promise<SongView> {
    return ctx.services.likes.like(ctx.em, requireUser(ctx), { songId });
  }

  @Mutation(() => SongView, { description: 'Removes a like (unliking twice changes nothing).' })
  unlike(@Arg('songId', () => ID) songId: string, @Ctx() ctx: GraphQLContext): Promise<SongView> {
    return ctx.services.likes.unlike(ctx.em, requireUser(ctx), { songId });
  }
}
