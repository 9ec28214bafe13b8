import { Field, ID, Int, ObjectType } from 'type-graphql';
import { DateTimeISOResolver, JSONObjectResolver } from 'graphql-scalars';
import { SongView } from '../songs/song.view.js';
import type { SmartRules } from './smart-rules.js';

@ObjectType('SmartPlaylist')
export class SmartPlaylistView {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => JSONObjectResolver, { description: 'The rules (docs/smart-playlists.md): all/any groups of { field, operator, value }, sort and limit.' })
  rules!: SmartRules;
  @Field(() => DateTimeISOResolver) createdAt!: Date;
  @Field(() => DateTimeISOResolver) updatedAt!: Date;
}

@ObjectType('SmartPlaylistPreset')
export class SmartPlaylistPresetView {
  @Field(() => String) name!: string;
  @Field(() => String) description!: string;
  @Field(() => JSONObjectResolver) rules!: SmartRules;
}

@ObjectType('SmartPlaylistSongs')
export class SmartPlaylistSongsView {
  @Field(() => Int, { description: 'How many songs the rules give (every match, capped by the rules\' limit).' }) count!: number;
  @Field(() => [SongView], { description: 'The first of them, in the rules\' order.' }) songs!: SongView[];
}
