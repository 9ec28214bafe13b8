import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { requireUser, type GraphQLContext } from '../graphql/context.js';
import { DEFAULT_TUNING, KNOWN_GENRES, KNOWN_MOODS } from './tuning.js';
import type { StationListing } from './stations.service.js';
import { NewRadioStationInput, RadioDialsView, RadioStationInput, RadioStationView } from './radio.view.js';

@Resolver()
export class RadioResolver {
  @Query(() => [RadioStationView], { description: 'The radio stations in display order: the active ones, or (admins, includeInactive) all.' })
  async radioStations(@Arg('includeInactive', () => Boolean, { defaultValue: false }) includeInactive: boolean, @Ctx() ctx: GraphQLContext): Promise<RadioStationView[]> {
    return (await ctx.services.radioStations.list(ctx.em, requireUser(ctx), { includeInactive })).map(toStationView);
  }

  @Mutation(() => RadioStationView, { description: "Admins: a station's mood, active flag, place in the line-up, description or songCount." })
  async updateRadioStation(@Arg('id', () => ID) id: string, @Arg('input', () => RadioStationInput) input: RadioStationInput, @Ctx() ctx: GraphQLContext): Promise<RadioStationView> {
    const user = requireUser(ctx);
    return stationView(ctx, (await ctx.services.radioStations.update(ctx.em, user, id, { ...input })).id);
  }

  @Mutation(() => RadioStationView, { description: 'Admins: a new station for a genre that has none.' })
  async createRadioStation(@Arg('input', () => NewRadioStationInput) input: NewRadioStationInput, @Ctx() ctx: GraphQLContext): Promise<RadioStationView> {
    const user = requireUser(ctx);
    return stationView(ctx, (await ctx.services.radioStations.create(ctx.em, user, { ...input })).id);
  }

  @Query(() => RadioDialsView, { description: "Radio v2's dial choices and defaults." })
  radioDials(@Ctx() ctx: GraphQLContext): RadioDialsView {
    requireUser(ctx);
    return { genres: [...KNOWN_GENRES], moods: [...KNOWN_MOODS], defaults: { ...DEFAULT_TUNING } };
  }
}

/** One station as the line-up lists it (with its art and song count), for an admin's edit's answer. */
async function stationView(ctx: GraphQLContext, id: number): Promise<RadioStationView> {
  const listings = await ctx.services.radioStations.list(ctx.em, requireUser(ctx), { includeInactive: true });
  return toStationView(listings.find((l) => l.station.id === id)!);
}

function toStationView({ station, artUrl, songsAvailable, songsInMaking }: StationListing): RadioStationView {
  return {
    id: station.id,
    genre: station.genre,
    mood: station.mood,
    description: station.description,
    songCount: station.songCount,
    isActive: station.isActive,
    displayOrder: station.displayOrder,
    artUrl,
    songsAvailable,
    songsInMaking,
  };
}
