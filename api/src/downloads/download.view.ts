import { Field, ID, ObjectType } from 'type-graphql';
import { STEM_NAMES } from '../music/stems/stems.js';

@ObjectType('StemDownload')
export class StemDownloadView {
  @Field(() => String, { description: `One of ${STEM_NAMES.join(', ')}.` }) stem!: string;
  @Field(() => String, { description: 'A 16-bit WAV, rendered when it is downloaded.' }) url!: string;
}

@ObjectType('SongDownloads', { description: 'What the signed-in user may download of a song (docs/downloads.md).' })
export class SongDownloadsView {
  @Field(() => ID) songId!: string;
  @Field(() => String, { nullable: true, description: 'The MP3 as published (anyone who may see the song).' }) mp3Url!: string | null;
  @Field(() => String, { nullable: true, description: "The mastered song as a 16-bit WAV (the song's owner)." }) wavUrl!: string | null;
  @Field(() => String, { nullable: true, description: 'A zip of the MP3, the WAV, the stems and the lyrics, streamed (the owner).' }) zipUrl!: string | null;
  @Field(() => [StemDownloadView], { description: 'The stems the song has (an instrumental has no vocals), for the owner.' }) stems!: StemDownloadView[];
  @Field(() => String, { nullable: true, description: 'Why there is no WAV or stems, when there is none.' }) unavailableReason!: string | null;
}
