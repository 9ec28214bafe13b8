import type { EntityManager } from '@mikro-orm/postgresql';
import type { User } from '../users/user.entity.js';
import { Song } from '../songs/song.entity.js';
import { viewSongs } from '../songs/song-views.js';
import type { SongView } from '../songs/song.view.js';
import { HomeView } from './home.view.js';
import { listedSongsSql, visibleSongsParams, visibleSongsSql } from '../songs/song-access.js';

/** Songs per home row. */
export const HOME_ROW_SIZE = 12;
/** How far back 'made for you' reads the user's taste (their latest plays). */
export const TASTE_PLAYS = 200;
/** Genres and moods that make up the taste: the most played of each. */
export const TASTE_TOP = 3;
/** 'Made for you' leaves out what the user played this recently (their latest plays): it is for finding more. */
export const FRESH_AFTER_PLAYS = 50;

/**
 * The home page's rows. Each is one query of ids in row order (only songs the user may see),
 * then one load of those songs and their likes.
 */
export class HomeService {
  async home(em: EntityManager, user: User): Promise<HomeView> {
    const rows = {
      recentlyPlayed: await this.ids(
        em,
        `select h."music_id" as id from "play_history" h join "songs" s on s."id" = h."music_id"
         where h."user_id" = ? and ${visibleSongsSql('s')}
         group by h."music_id" order by max(h."played_at") desc, h."music_id" limit ?`,
        [user.id, ...visibleSongsParams(user), HOME_ROW_SIZE],
      ),
      latestCreations: await this.ids(em, `select s."id" from "songs" s where s."user_id" = ? order by s."created_at" desc, s."id" desc limit ?`, [user.id, HOME_ROW_SIZE]),
      recentlyLiked: await this.ids(
        em,
        `select l."music_id" as id from "liked_songs" l join "songs" s on s."id" = l."music_id"
         where l."user_id" = ? and ${visibleSongsSql('s')} order by l."created_at" desc, l."id" desc limit ?`,
        [user.id, ...visibleSongsParams(user), HOME_ROW_SIZE],
      ),
      madeForYou: await this.madeForYouIds(em, user),
    };
    const songs = await em.find(Song, { id: { $in: [...new Set(Object.values(rows).flat())] } });
    const views = new Map((await viewSongs(em, user, songs)).map((view) => [view.id, view]));
    const inOrder = (ids: string[]): SongView[] => ids.flatMap((id) => views.get(id) ?? []);
    return Object.assign(new HomeView(), {
      recentlyPlayed: inOrder(rows.recentlyPlayed),
      latestCreations: inOrder(rows.latestCreations),
      recentlyLiked: inOrder(rows.recentlyLiked),
      madeForYou: inOrder(rows.madeForYou),
    });
  }

  /**
   * Smart picks: the genres and moods of the user's latest plays, each weighted by its share of
   * them (the top few of each); a song scores the weight of its genre plus that of its mood. Songs
   * played lately are left out, and ties go to the most liked, then the most played.
   */
  private madeForYouIds(em: EntityManager, user: User): Promise<string[]> {
    return this.ids(
      em,
      `with plays as (
         select s."genre", s."mood", h."music_id" from "play_history" h join "songs" s on s."id" = h."music_id"
         where h."user_id" = ? order by h."played_at" desc, h."id" desc limit ?
       ),
       genres as (select "genre" as name, count(*)::float as weight from plays where "genre" is not null group by "genre" order by count(*) desc, "genre" limit ?),
       moods as (select "mood" as name, count(*)::float as weight from plays where "mood" is not null group by "mood" order by count(*) desc, "mood" limit ?),
       lately as (select "music_id" from plays limit ?)
       select s."id" from "songs" s
       left join genres g on g.name = s."genre"
       left join moods m on m.name = s."mood"
       where (g.name is not null or m.name is not null) and ${listedSongsSql('s')} and s."id" not in (select "music_id" from lately)
       order by coalesce(g.weight, 0) + coalesce(m.weight, 0) desc, s."like_count" desc, s."play_count" desc, s."created_at" desc, s."id"
       limit ?`,
      [user.id, TASTE_PLAYS, TASTE_TOP, TASTE_TOP, FRESH_AFTER_PLAYS, user.id, HOME_ROW_SIZE],
    );
  }

  private async ids(em: EntityManager, sql: string, params: unknown[]): Promise<string[]> {
    return (await em.execute<Array<{ id: string }>>(sql, params)).map((row) => row.id);
  }
}
