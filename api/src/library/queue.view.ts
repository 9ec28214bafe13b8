import { Field, Int, ObjectType } from 'type-graphql';
import { SongView } from '../songs/song.view.js';
import { RadioTuningView } from '../radio/radio.view.js';

/** A user's play queue as every device sees it (playback contract `Queue`; REST GET /api/songs/queue). */
@ObjectType('Queue')
export class QueueView {
  @Field(() => SongView, { nullable: true }) currentSong!: SongView | null;
  @Field(() => [SongView]) upcomingQueue!: SongView[];
  @Field(() => [SongView], { description: 'Songs played before the current one, most recent first.' }) playHistory!: SongView[];
  @Field(() => String, { nullable: true, description: 'Set when the queue was started from a genre selection (radio).' })
  radioGenre!: string | null;
  @Field(() => RadioTuningView, { nullable: true, description: "Radio v2's dials while a tuned radio plays (radioGenre then holds its genres)." })
  radioTuning!: RadioTuningView | null;
  @Field(() => Boolean, { description: 'The DJ plans the upcoming songs (DJ Studio); playing something else ends it.' })
  djActive!: boolean;
  @Field(() => Int, { description: 'Grows with every change, so a client can ignore a push older than what it has.' })
  version!: number;
}

/** The queue after tuning Radio v2, and what the endless radio is doing for it. */
@ObjectType('RadioTuneResult')
export class RadioTuneResultView {
  @Field(() => QueueView) queue!: QueueView;
  @Field(() => Int, { description: 'New songs asked of the engine by this call (background priority, in the Generation Queue).' }) songsRequested!: number;
  @Field(() => Int, { description: "The station's songs being generated now." }) songsInProgress!: number;
  @Field(() => String, { nullable: true, description: 'Why the radio is catalogue-only, or what is being generated.' }) note!: string | null;
}
