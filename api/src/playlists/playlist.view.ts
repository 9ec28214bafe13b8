import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { DateTimeISOResolver } from 'graphql-scalars';
import { SongView } from '../songs/song.view.js';
import type { Song } from '../songs/song.entity.js';

export interface PlaylistEntryRow {
  id: number;
  storedPosition: number;
  song: Song;
  addedAt: Date;
}

/** A playlist view with its entries loaded (every view but the cards of search results). */
export type FullPlaylistView = PlaylistView & { entries: PlaylistEntryRow[] };

/** One song of a playlist at its place in the list the viewer sees. */
@ObjectType('PlaylistEntry')
export class PlaylistEntryView {
  @Field(() => Int, { description: 'Index in the list as the viewer sees it (0-based, dense).' }) position!: number;
  @Field(() => DateTimeISOResolver) addedAt!: Date;
  @Field(() => SongView) song!: SongView;
}

/**
 * A playlist as one viewer sees it: only the songs that viewer may see (docs/playlists.md), so
 * the count, duration and covers are theirs too. `songs` is resolved only when selected.
 */
@ObjectType('Playlist')
export class PlaylistView {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => Boolean, { description: 'Public playlists open read-only for every signed-in user (the share link).' }) isPublic!: boolean;
  @Field(() => Boolean, { description: 'Whether the viewer owns it (and so may change it).' }) isOwner!: boolean;
  @Field(() => String) ownerName!: string;
  @Field(() => Int) songCount!: number;
  @Field(() => Float, { description: 'Seconds.' }) totalDuration!: number;
  @Field(() => [String], { description: "Cover images of the first (up to four) songs that have one, for the collage." }) coverUrls!: string[];
  @Field(() => DateTimeISOResolver) createdAt!: Date;
  @Field(() => DateTimeISOResolver) updatedAt!: Date;
  /**
   * The visible songs in order with when each was added (for the `songs` field); null on card views
   * (search results), where `songs` loads them only when a query asks for them.
   */
  entries!: PlaylistEntryRow[] | null;
}

/** A pushed change: the playlist as the subscriber now sees it, or null once deleted or no longer visible to them. */
@ObjectType('PlaylistChange')
export class PlaylistChangeView {
  @Field(() => ID) playlistId!: string;
  @Field(() => PlaylistView, { nullable: true }) playlist!: PlaylistView | null;
}
