import { Field, Int, ObjectType } from 'type-graphql';
import { SongView } from '../songs/song.view.js';

/** A user's play queue as every device sees it (playback contract `Queue`; REST GET /api/songs/queue). */
@ObjectType('Queue')
export class QueueView {
  @Field(() => SongView, { nullable: true }) currentSong!: SongView | null;
  @Field(() => [SongView]) upcomingQueue!: SongView[];
  @Field(() => [SongView], { description: 'Songs played before the current one, most recent first.' }) playHistory!: SongView[];
  @Field(() => String, { nullable: true, description: 'Set when the queue was started from a genre selection (radio).' })
  radioGenre!: string | null;
  @Field(() => Int, { description: 'Grows with every change, so a client can ignore a push older than what it has.' })
  version!: number;
}
