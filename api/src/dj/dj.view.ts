import { Field, Float, Int, ObjectType } from 'type-graphql';
import { SongView } from '../songs/song.view.js';
import { QueueView } from '../library/queue.view.js';

@ObjectType('DjTransition', { description: 'How the player mixes a song of the set into the next one (docs/player.md).' })
export class DjTransitionView {
  @Field(() => String, { description: "'beat-matched' (tempos compatible, beat-matched transitions on), 'crossfade' or 'cut' (crossfade off)." }) kind!: string;
  @Field(() => Float, { description: 'Length of the crossfade, seconds (0 for a cut).' }) seconds!: number;
  @Field(() => Boolean, { description: 'Keys adjacent on the Camelot wheel.' }) harmonic!: boolean;
  @Field(() => Boolean, { description: 'Tempos within 6 % (or an octave).' }) tempo!: boolean;
}

@ObjectType('DjEntry', { description: 'A song of the DJ set.' })
export class DjEntryView {
  @Field(() => SongView) song!: SongView;
  @Field(() => Float, { description: 'Seconds from now until it starts (0 for the song playing now).' }) startsInSeconds!: number;
  @Field(() => Float, { description: "The song's energy 0..1 (the radio's estimate: mood, tempo, measured curve)." }) energy!: number;
  @Field(() => Float, { description: 'What Mood & Time asks for at its middle.' }) targetEnergy!: number;
  @Field(() => String, { nullable: true, description: "Camelot position of its key, e.g. '8A'." }) camelot!: string | null;
  @Field(() => Boolean) pinned!: boolean;
  @Field(() => Boolean, { description: 'Chosen by the planner; false when the user queued it (it keeps its place).' }) planned!: boolean;
  @Field(() => DjTransitionView, { nullable: true, description: 'Into the next song (null for the last).' }) transition!: DjTransitionView | null;
  @Field(() => String, { nullable: true, description: 'What the DJ voice says before the next song (null with the voice off).' }) linkText!: string | null;
}

@ObjectType('DjTargetPoint')
export class DjTargetPointView {
  @Field(() => Int, { description: 'Minutes from now.' }) minutes!: number;
  @Field(() => Float) energy!: number;
}

@ObjectType('DjSet', { description: "The DJ Studio's set: what plays now, the planned songs and the target they follow." })
export class DjSetView {
  @Field(() => Boolean, { description: 'The DJ plans the queue (DJ mode on).' }) active!: boolean;
  @Field(() => Boolean) voiceEnabled!: boolean;
  @Field(() => Boolean, { description: 'The server can synthesise the voice (eSpeak NG installed).' }) voiceAvailable!: boolean;
  @Field(() => String, { nullable: true, description: 'Why the voice is off when it cannot be on.' }) voiceMessage!: string | null;
  @Field(() => String, { description: "Mood & Time's rule in force now (energyNow's explanation)." }) explanation!: string;
  @Field(() => DjEntryView, { nullable: true }) current!: DjEntryView | null;
  @Field(() => [DjEntryView]) upcoming!: DjEntryView[];
  @Field(() => [DjTargetPointView], { description: 'The target energy over the next hour.' }) targetCurve!: DjTargetPointView[];
  @Field(() => Float, { description: "Mean absolute difference between the upcoming songs' energy and the target." }) meanEnergyError!: number;
  @Field(() => Float, { description: 'Share of the transitions that are harmonic and tempo-compatible.' }) compatibleShare!: number;
  @Field(() => Int, { description: 'Songs skipped quickly (or removed) this set: the DJ avoids them and, less, their kind.' }) dislikedCount!: number;
}

@ObjectType('DjVoiceLink', { description: 'A spoken link between two songs of the set (MP3, mastered to the outgoing song).' })
export class DjVoiceLinkView {
  @Field(() => String) text!: string;
  @Field(() => String) audioUrl!: string;
  @Field(() => Float) durationSeconds!: number;
  @Field(() => Float) integratedLufs!: number;
}

@ObjectType('DjStart', { description: 'DJ mode turned on: the set, and the queue the player plays.' })
export class DjStartView {
  @Field(() => DjSetView) set!: DjSetView;
  @Field(() => QueueView) queue!: QueueView;
}
