import { Field, ObjectType } from 'type-graphql';
import { DateTimeISOResolver } from 'graphql-scalars';
import { SongView } from '../songs/song.view.js';

/** One play in the user's listening history. */
@ObjectType('PlayHistoryEntry')
export class PlayHistoryEntryView {
  @Field(() => DateTimeISOResolver, { description: 'When the song was played (the queue moved past it).' }) playedAt!: Date;
  @Field(() => SongView) song!: SongView;
}
