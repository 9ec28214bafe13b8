import { Field, Int, ObjectType } from 'type-graphql';
import { SongView } from '../songs/song.view.js';
import { PlaylistView } from '../playlists/playlist.view.js';

/** An artist as search finds one: the name on songs the viewer may see. */
@ObjectType('SearchArtist')
export class SearchArtistView {
  @Field(() => String) name!: string;
  @Field(() => Int, { description: 'Songs by this artist the viewer may see.' }) songCount!: number;
  @Field(() => String, { nullable: true, description: 'The cover of their most played song that has one.' }) coverUrl!: string | null;
}

/** One search's results, grouped, best match first in each group. */
@ObjectType('SearchResults')
export class SearchResultsView {
  @Field(() => [SongView]) songs!: SongView[];
  @Field(() => [PlaylistView]) playlists!: PlaylistView[];
  @Field(() => [SearchArtistView]) artists!: SearchArtistView[];
}
