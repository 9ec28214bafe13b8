import { Arg, Args, Ctx, Field, FieldResolver, ID, Int, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { requireUser, requireUserId, type GraphQLContext } from '../graphql/context.js';
import { songAnalyses } from './song-analyses.js';
import { SongAnalysisView, SongView, toSongAnalysisView } from './song.view.js';
import { ConnectionArgs, connectionType } from '../connections/connection.view.js';

export const SongConnection = connectionType('Song', SongView, 'How many songs the list holds (all pages).');

@ObjectType('SongPage')
export class SongPageView {
  @Field(() => [SongView]) songs!: SongView[];
  @Field(() => String, { nullable: true, description: 'Pass as `after` for the next page; null on the last page.' }) endCursor!: string | null;
  @Field(() => Boolean) hasNextPage!: boolean;
}

@Resolver(() => SongView)
export class SongsResolver {
  @Query(() => SongView, { nullable: true, description: 'A song the signed-in user may see (public or their own), else null.' })
  song(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<SongView | null> {
    return ctx.services.catalogue.song(ctx.em, requireUser(ctx), id);
  }

  @Query(() => SongPageView, {
    description: "The library: public songs and the viewer's own (mine: only their own), newest first.",
    deprecationReason: 'Use songsConnection (Relay cursor connection).',
  })
  async songs(
    @Arg('first', () => Int, { defaultValue: 50 }) first: number,
    @Arg('after', () => ID, { nullable: true }) after: string | null,
    @Arg('genre', () => String, { nullable: true }) genre: string | null,
    @Arg('mine', () => Boolean, { defaultValue: false }) mine: boolean,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SongPageView> {
    const page = await ctx.services.catalogue.songs(ctx.em, { id: requireUserId(ctx) }, { first, after, genre, mine });
    return Object.assign(new SongPageView(), page);
  }

  @Query(() => SongConnection.type, { description: "The library as a cursor connection: public songs and the viewer's own (mine: only their own), newest first." })
  async songsConnection(
    @Args(() => ConnectionArgs) page: ConnectionArgs,
    @Arg('genre', () => String, { nullable: true }) genre: string | null,
    @Arg('mine', () => Boolean, { defaultValue: false }) mine: boolean,
    @Ctx() ctx: GraphQLContext,
  ) {
    return SongConnection.from(await ctx.services.catalogue.songsConnection(ctx.em, { id: requireUserId(ctx) }, { ...page, genre, mine }));
  }

  /**
   * The analysis is large (waveform peaks), so it is read only for queries that select it: one
   * query for all the songs of an operation (a queue of 500 asks 500 times).
   */
  @FieldResolver(() => SongAnalysisView, { nullable: true })
  async analysis(@Root() song: SongView, @Ctx() ctx: GraphQLContext): Promise<SongAnalysisView | null> {
    if (song.analysis !== undefined) return song.analysis;
    const stored = await songAnalyses(ctx.em).load(song.id);
    return stored ? toSongAnalysisView(stored) : null;
  }
}
