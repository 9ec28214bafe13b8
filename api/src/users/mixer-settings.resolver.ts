import { Arg, Ctx, Field, InputType, Int, Mutation, Query, Resolver } from 'type-graphql';
import { requireUser, type GraphQLContext } from '../graphql/context.js';
import { MixerSettingsView } from './mixer-settings.view.js';

@InputType()
export class MixerSettingsInput {
  @Field(() => Boolean) crossfadeEnabled!: boolean;
  @Field(() => Int, { description: 'Milliseconds, 1000-30000 in steps of 500.' }) crossfadeDuration!: number;
  @Field(() => Int, { description: '1 to 5.' }) mixTightness!: number;
  @Field(() => Boolean) djModeEnabled!: boolean;
  @Field(() => Boolean) silenceEliminationEnabled!: boolean;
  @Field(() => Boolean, { nullable: true, description: 'Left as stored (default true) when omitted.' }) beatMatchedTransitions?: boolean | null;
}

@Resolver()
export class MixerSettingsResolver {
  @Query(() => MixerSettingsView, { nullable: true, description: "The signed-in user's mixer settings; null until first saved." })
  mixerSettings(@Ctx() ctx: GraphQLContext): Promise<MixerSettingsView | null> {
    return ctx.services.mixerSettings.get(ctx.em, requireUser(ctx));
  }

  @Mutation(() => MixerSettingsView, { description: 'Saves the mixer settings (validated to SPEC 5 ranges).' })
  saveMixerSettings(@Arg('input', () => MixerSettingsInput) input: MixerSettingsInput, @Ctx() ctx: GraphQLContext): Promise<MixerSettingsView> {
    const { beatMatchedTransitions, ...required } = input;
    return ctx.services.mixerSettings.save(ctx.em, requireUser(ctx), beatMatchedTransitions == null ? required : { ...required, beatMatchedTransitions });
  }
}
