import { ConnectionArgs, PageInfoView } from '../connections/connection.view.js';
import { Arg, Args, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { requireUser, type GraphQLContext } from '../graphql/context.js';
import { withoutNulls } from '../graphql/arguments.js';
import { allUsersTopic, Topics, userTopic } from '../pubsub/pubsub.js';
import { Song } from '../songs/song.entity.js';
import { SongView } from '../songs/song.view.js';
import { viewSong } from '../songs/song-views.js';
import { isAdmin } from '../users/permissions.js';
import type { SongRequest } from '../music/types.js';
import { GenerationStatusItemView, fromEventItem, type GenerationUpdatedEvent } from './events.js';
import {
  CoverSongInput,
  EditSongLyricsInput,
  ExtendSongInput,
  GenerateSongInput,
  GenerationConnectionView,
  GenerationEdgeView,
  GenerationRequestView,
  GenerationStatusView,
  SongPlanView,
  toGenerationView,
  toSongPlanView,
} from './generation.view.js';

@Resolver(() => GenerationRequestView)
export class GenerationResolver {
  @Mutation(() => GenerationRequestView, { description: 'Queues a song; follow it with generationUpdated or generation(id).' })
  async generateSong(@Arg('input', () => GenerateSongInput) input: GenerateSongInput, @Ctx() ctx: GraphQLContext): Promise<GenerationRequestView> {
    return toGenerationView(await ctx.services.generation.generate(ctx.em, requireUser(ctx), withoutNulls(input)));
  }

  @Query(() => SongPlanView, { description: "The engine's understanding of an input, shown before generating (pass its seed to generateSong to get this plan)." })
  async planSong(@Arg('input', () => GenerateSongInput) input: GenerateSongInput, @Ctx() ctx: GraphQLContext): Promise<SongPlanView> {
    return toSongPlanView(await ctx.services.generation.plan(ctx.em, requireUser(ctx), withoutNulls(input)));
  }

  @Query(() => GenerationRequestView)
  async generation(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<GenerationRequestView> {
    return toGenerationView(await ctx.services.generation.get(ctx.em, requireUser(ctx), id));
  }

  @Query(() => GenerationConnectionView, { description: "The signed-in user's requests, newest first." })
  async generations(
    @Ctx() ctx: GraphQLContext,
    @Args(() => ConnectionArgs) args: ConnectionArgs,
    @Arg('status', () => String, { nullable: true }) status?: string | null,
  ): Promise<GenerationConnectionView> {
    const page = await ctx.services.generation.list(ctx.em, requireUser(ctx), withoutNulls({ ...args, status }));
    const nodes = page.nodes.map(toGenerationView);
    return Object.assign(new GenerationConnectionView(), {
      edges: page.edges.map((edge, index) => Object.assign(new GenerationEdgeView(), { cursor: edge.cursor, node: nodes[index]! })),
      pageInfo: Object.assign(new PageInfoView(), page.pageInfo),
      nodes,
      endCursor: page.endCursor,
      hasNextPage: page.hasNextPage,
      count: page.totalCount,
    });
  }

  @Query(() => GenerationStatusView, { description: 'What the sidebar status widget shows (same as GET /api/generations/status).' })
  async generationStatus(@Ctx() ctx: GraphQLContext): Promise<GenerationStatusView> {
    return Object.assign(new GenerationStatusView(), await ctx.services.generation.status(ctx.em, requireUser(ctx)));
  }

  @Mutation(() => GenerationRequestView, { description: "A new song from one of the user's songs: same prompt, tags, length and lyrics, new seed (a new melody and arrangement)." })
  async createVariation(@Arg('songId', () => ID) songId: string, @Ctx() ctx: GraphQLContext): Promise<GenerationRequestView> {
    return toGenerationView(await ctx.services.generation.variation(ctx.em, requireUser(ctx), songId));
  }

  @Mutation(() => GenerationRequestView, { description: "A new song that plays one of the user's songs up to a point and continues it: same key, tempo, motifs, instruments and voice, new sections and words." })
  async extendSong(@Arg('input', () => ExtendSongInput) input: ExtendSongInput, @Ctx() ctx: GraphQLContext): Promise<GenerationRequestView> {
    return toGenerationView(await ctx.services.generation.extend(ctx.em, requireUser(ctx), withoutNulls(input)));
  }

  @Mutation(() => GenerationRequestView, { description: "One of the user's songs in other genres and/or moods: the same melody (key, notes, rhythm in beats) and words, a new arrangement and tempo." })
  async coverSong(@Arg('input', () => CoverSongInput) input: CoverSongInput, @Ctx() ctx: GraphQLContext): Promise<GenerationRequestView> {
    return toGenerationView(await ctx.services.generation.cover(ctx.em, requireUser(ctx), withoutNulls(input)));
  }

  @Mutation(() => GenerationRequestView, {
    description: "A new song with new words for one of the user's sung songs: its band exactly (same plan, seed and arrangement), its melody sung with the new words.",
  })
  async editSongLyrics(@Arg('input', () => EditSongLyricsInput) input: EditSongLyricsInput, @Ctx() ctx: GraphQLContext): Promise<GenerationRequestView> {
    return toGenerationView(await ctx.services.generation.editLyrics(ctx.em, requireUser(ctx), withoutNulls(input)));
  }

  @Mutation(() => GenerationRequestView, { description: 'Runs a failed request again from the step that failed.' })
  async retryGeneration(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<GenerationRequestView> {
    return toGenerationView(await ctx.services.generation.retry(ctx.em, requireUser(ctx), id));
  }

  @Mutation(() => GenerationRequestView, { description: "Stops a queued or running request (it ends as failed with error 'Cancelled')." })
  async cancelGeneration(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<GenerationRequestView> {
    return toGenerationView(await ctx.services.generation.cancel(ctx.em, requireUser(ctx), id));
  }

  @Subscription(() => GenerationStatusItemView, {
    topics: ({ context }: { context: GraphQLContext }) => {
      const user = requireUser(context);
      return isAdmin(user) ? allUsersTopic(Topics.generationUpdated) : userTopic(Topics.generationUpdated, user.id);
    },
    description: "Every status and progress change of the signed-in user's requests (all users' for admins).",
  })
  generationUpdated(@Root() event: GenerationUpdatedEvent): GenerationStatusItemView {
    return fromEventItem(event.item);
  }

  @FieldResolver(() => SongView, { nullable: true, description: 'The finished song (once completed).' })
  async song(@Root() request: GenerationRequestView, @Ctx() ctx: GraphQLContext): Promise<SongView | null> {
    if (!request.songId) return null;
    const song = await ctx.em.findOne(Song, { id: request.songId });
    return song ? viewSong(ctx.em, requireUser(ctx), song) : null;
  }

  @FieldResolver(() => SongPlanView, { description: "The engine's plan for this request (deterministic: it is the plan the song follows)." })
  plan(@Root() request: GenerationRequestView, @Ctx() ctx: GraphQLContext): SongPlanView {
    return toSongPlanView(ctx.services.musicProvider.plan(request.settings as unknown as SongRequest));
  }
}
