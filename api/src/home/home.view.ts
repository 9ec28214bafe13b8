import { Field, ObjectType } from 'type-graphql';
import { SongView } from '../songs/song.view.js';

/** The home page's song rows for the signed-in user (each at most HOME_ROW_SIZE songs, newest first). */
@ObjectType('Home')
export class HomeView {
  @Field(() => [SongView], { description: 'Songs they played, each once, most recent play first.' }) recentlyPlayed!: SongView[];
  @Field(() => [SongView], { description: 'Their own songs, newest first.' }) latestCreations!: SongView[];
  @Field(() => [SongView], { description: 'Songs they liked, most recently liked first.' }) recentlyLiked!: SongView[];
  @Field(() => [SongView], { description: "Songs in their most played genres and moods they have not played lately, best fit first." }) madeForYou!: SongView[];
}
