import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType('RadioStation')
export class RadioStationView {
  @Field(() => ID) id!: number;
  @Field(() => String) genre!: string;
  @Field(() => String) mood!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => Int, { description: 'Upcoming songs the station keeps queued.' }) songCount!: number;
  @Field(() => Boolean) isActive!: boolean;
  @Field(() => Int, { nullable: true }) displayOrder!: number | null;
  @Field(() => String, { nullable: true, description: 'The genre artwork (genre_art).' }) artUrl!: string | null;
  @Field(() => Int, { description: 'Songs of the genre the asker may play.' }) songsAvailable!: number;
  @Field(() => Int, { description: "The asker's new songs for this station being generated (the endless radio), until they are done." }) songsInMaking!: number;
}

@InputType({ description: 'Admin edits of a station; omitted fields stay as they are.' })
export class RadioStationInput {
  @Field(() => String, { nullable: true, description: "One of the engine's moods." }) mood?: string | null;
  @Field(() => Boolean, { nullable: true }) isActive?: boolean | null;
  @Field(() => Int, { nullable: true, description: '1-based place in the line-up; the others move to make room.' }) displayOrder?: number | null;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => Int, { nullable: true, description: '1 to 20.' }) songCount?: number | null;
}

@InputType('NewRadioStationInput')
export class NewRadioStationInput extends RadioStationInput {
  @Field(() => String, { description: "One of the engine's genres without a station yet." }) genre!: string;
}

@ObjectType('RadioTuning', { description: "Radio v2's dials." })
@InputType('RadioTuningInput')
export class RadioTuningView {
  @Field(() => [String], { description: 'Empty: every genre.' }) genres!: string[];
  @Field(() => [String], { description: 'Empty: any mood.' }) moods!: string[];
  @Field(() => Float, { description: 'Target energy, 0 to 1.' }) energy!: number;
  @Field(() => Float, { description: 'BPM, 50 to 200.' }) tempoMin!: number;
  @Field(() => Float, { description: 'BPM, 50 to 200.' }) tempoMax!: number;
  @Field(() => Float, { description: '0 familiar (liked, often heard) to 1 fresh (never heard).' }) freshness!: number;
}

@ObjectType('RadioDials', { description: 'What the dials can be set to.' })
export class RadioDialsView {
  @Field(() => [String]) genres!: string[];
  @Field(() => [String]) moods!: string[];
  @Field(() => RadioTuningView) defaults!: RadioTuningView;
}
