import { Arg, Ctx, Field, InputType, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { requireUser, type GraphQLContext } from '../graphql/context.js';
import { Topics, userTopic } from '../pubsub/pubsub.js';
import { PreferencesView } from './preferences.view.js';
import type { PreferencesChangedEvent } from './preferences.service.js';

@InputType()
export class PreferencesInput {
  @Field(() => String, { nullable: true, description: 'dark, light or system.' }) theme?: string;
  @Field(() => Boolean, { nullable: true }) shuffleEnabled?: boolean;
  @Field(() => String, { nullable: true, description: 'none, one or all.' }) repeatMode?: string;
  @Field(() => Boolean, { nullable: true }) crossfadeEnabled?: boolean;
  @Field(() => Int, { nullable: true }) crossfadeDuration?: number;
  @Field(() => Int, { nullable: true }) mixTightness?: number;
  @Field(() => [String], { nullable: true }) preferredGenres?: string[];
  @Field(() => [String], { nullable: true }) preferredMoods?: string[];
}

@Resolver()
export class PreferencesResolver {
  @Query(() => PreferencesView, { description: "The signed-in user's settings (defaults until first saved)." })
  preferences(@Ctx() ctx: GraphQLContext): Promise<PreferencesView> {
    return ctx.services.preferences.get(ctx.em, requireUser(ctx));
  }

  @Mutation(() => PreferencesView, { description: 'Saves the given settings (omitted ones stay); pushed to your other devices.' })
  updatePreferences(@Arg('input', () => PreferencesInput) input: PreferencesInput, @Ctx() ctx: GraphQLContext): Promise<PreferencesView> {
    const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined && value !== null));
    return ctx.services.preferences.update(ctx.em, requireUser(ctx), given);
  }

  @Subscription(() => PreferencesView, {
    topics: ({ context }: { context: GraphQLContext }) => userTopic(Topics.preferencesChanged, requireUser(context).id),
    description: "The signed-in user's settings after every change (from any device or API process).",
  })
  preferencesChanged(@Root() event: PreferencesChangedEvent): PreferencesView {
    return event.preferences;
  }
}
