import { Migration } from '@mikro-orm/migrations';

export class Migration20261123010740 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "album_art" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "title" varchar(255) null, "image_path" text not null, "category" varchar(100) null, "display_order" int null);`);

    this.addSql(`create table "content_art" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "title" varchar(255) null, "image_path" text null, "category" varchar(100) null);`);

    this.addSql(`create table "genre_art" ("genre" varchar(100) not null, "art_url" text null, "style" varchar(50) not null default 'modern', "mood" varchar(50) not null default 'dynamic', "prompt" text null, "generated_at" timestamptz null, "updated_at" timestamptz not null default now(), constraint "genre_art_pkey" primary key ("genre"));`);

    this.addSql(`create table "radio_stations" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "genre" varchar(100) not null, "mood" varchar(100) not null, "description" text null, "song_count" int not null default 3, "is_active" boolean not null default true, "display_order" int null);`);
    this.addSql(`alter table "radio_stations" add constraint "radio_stations_genre_unique" unique ("genre");`);

    this.addSql(`create table "users" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "username" varchar(32) not null, "password" text null, "google_id" varchar(255) null, "email" varchar(254) null, "avatar_url" text null, "audio_provider_api_key" text null, "default_duration" int not null default 180, "generate_album_art" boolean not null default true, "generate_lyrics" boolean not null default false, "user_tier" varchar(20) not null default 'free', "subscription_status" varchar(20) not null default 'inactive', "subscription_expires_at" timestamptz null, "can_generate_music" boolean not null default false, "can_manage_songs" boolean not null default false, "can_access_admin" boolean not null default false, "can_access_dj" boolean not null default false, "admin_override" boolean not null default false, "monthly_generation_limit" int not null default 5);`);
    this.addSql(`alter table "users" add constraint "users_username_unique" unique ("username");`);
    this.addSql(`alter table "users" add constraint "users_google_id_unique" unique ("google_id");`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);
    this.addSql(`create unique index "users_username_lower_unique" on "users" (lower("username"));`);

    this.addSql(`create table "temporary_schedule_overrides" ("id" serial primary key, "created_at" timestamptz not null default now(), "user_id" int not null, "name" varchar(255) not null, "description" text null, "energy_level" double precision not null, "preferred_moods" jsonb null, "start_date" date not null, "end_date" date not null, "start_time" varchar(5) null, "end_time" varchar(5) null, "is_active" boolean not null default true);`);
    this.addSql(`create index "temporary_schedule_overrides_user_id_index" on "temporary_schedule_overrides" ("user_id");`);

    this.addSql(`create table "songs" ("id" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "title" varchar(255) not null, "artist" varchar(255) null, "album" varchar(255) null, "duration" double precision null, "cover_url" text null, "thumbnail_url" text null, "album_art_id" int null, "audio_url" text null, "genre" varchar(100) null, "lyrics" text null, "lrc" text null, "status" varchar(50) null, "play_count" int not null default 0, "like_count" int not null default 0, "mood" varchar(100) null, "settings" jsonb null, "played_at" timestamptz null, "playing_at" timestamptz null, "play_state_serial" int null, "song_id" text null, "play_state" varchar(50) null, "processing_status" varchar(50) null, "audio_start_time" double precision null, "audio_end_time" double precision null, "user_id" int null, "is_public" boolean not null default true, "can_be_shared" boolean not null default true, "bpm" double precision null, "musical_key" varchar(20) null, "analysis" jsonb null, constraint "songs_pkey" primary key ("id"));`);
    this.addSql(`create index "songs_genre_index" on "songs" ("genre");`);
    this.addSql(`create index "songs_user_id_index" on "songs" ("user_id");`);

    this.addSql(`create table "song_content_analysis" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "song_id" text not null, "themes" jsonb null, "keywords" jsonb null, "sentiment" varchar(50) null, "sentiment_score" double precision null, "language" varchar(20) null, "content_rating" varchar(20) null, "adult_content" boolean not null default false, "offensive_content" boolean not null default false, "offensive_words" jsonb null, "emotional_tones" jsonb null, "musical_references" jsonb null, "cultural_references" jsonb null, "searchable_text" text null, "word_count" int null, "unique_word_count" int null, "analysis_version" varchar(10) not null default '1.0', "analysis_confidence" double precision null, "analysis_model" varchar(100) null);`);
    this.addSql(`create index "song_content_analysis_song_id_index" on "song_content_analysis" ("song_id");`);

    this.addSql(`create table "sessions" ("id" varchar(64) not null, "created_at" timestamptz not null default now(), "user_id" int not null, "expires_at" timestamptz not null, "last_seen_at" timestamptz not null default now(), "user_agent" varchar(255) null, "ip" varchar(64) null, constraint "sessions_pkey" primary key ("id"));`);
    this.addSql(`create index "sessions_user_id_index" on "sessions" ("user_id");`);
    this.addSql(`create index "sessions_expires_at_index" on "sessions" ("expires_at");`);

    this.addSql(`create table "production_songs" ("id" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "title" varchar(255) not null, "artist" varchar(255) null, "album" varchar(255) null, "duration" double precision null, "cover_url" text null, "thumbnail_url" text null, "album_art_id" int null, "audio_url" text null, "genre" varchar(100) null, "lyrics" text null, "lrc" text null, "status" varchar(50) null, "play_count" int not null default 0, "like_count" int not null default 0, "mood" varchar(100) null, "settings" jsonb null, "played_at" timestamptz null, "playing_at" timestamptz null, "play_state_serial" int null, "song_id" text null, "play_state" varchar(50) null, "processing_status" varchar(50) null, "audio_start_time" double precision null, "audio_end_time" double precision null, "user_id" int null, "is_public" boolean not null default true, "can_be_shared" boolean not null default true, "bpm" double precision null, "musical_key" varchar(20) null, "analysis" jsonb null, "original_dev_id" text null, "transferred_at" timestamptz null, "transferred_by" int null, constraint "production_songs_pkey" primary key ("id"));`);
    this.addSql(`create index "production_songs_genre_index" on "production_songs" ("genre");`);
    this.addSql(`create index "production_songs_user_id_index" on "production_songs" ("user_id");`);

    this.addSql(`create table "play_queue_entries" ("id" serial primary key, "user_id" int not null, "song_id" text not null, "position" int not null);`);
    this.addSql(`create index "play_queue_entries_user_id_position_index" on "play_queue_entries" ("user_id", "position");`);

    this.addSql(`create table "play_queues" ("user_id" int not null, "current_song_id" text null, "radio_genre" varchar(100) null, "last_finished_song_id" text null, "version" int not null default 0, "updated_at" timestamptz not null default now(), constraint "play_queues_pkey" primary key ("user_id"));`);

    this.addSql(`create table "playlists" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" int not null, "name" varchar(255) not null, "description" text null, "is_public" boolean not null default false);`);
    this.addSql(`create index "playlists_user_id_index" on "playlists" ("user_id");`);

    this.addSql(`create table "playlist_songs" ("id" serial primary key, "created_at" timestamptz not null default now(), "playlist_id" int not null, "music_id" text not null, "position" int not null);`);
    this.addSql(`create index "playlist_songs_playlist_id_position_index" on "playlist_songs" ("playlist_id", "position");`);

    this.addSql(`create table "play_history" ("id" serial primary key, "user_id" int not null, "music_id" text not null, "played_at" timestamptz not null default now());`);
    this.addSql(`create index "play_history_user_id_played_at_index" on "play_history" ("user_id", "played_at");`);

    this.addSql(`create table "liked_songs" ("id" serial primary key, "created_at" timestamptz not null default now(), "user_id" int not null, "music_id" text not null);`);
    this.addSql(`alter table "liked_songs" add constraint "liked_songs_user_id_music_id_unique" unique ("user_id", "music_id");`);

    this.addSql(`create table "generation_requests" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" int not null, "prompt" text not null, "title" varchar(255) null, "genres" jsonb not null, "moods" jsonb not null, "status" varchar(20) not null default 'pending', "error" text null, "settings" jsonb not null, "intermediate_data" jsonb null, "failed_at_step" varchar(50) null, "retry_count" int not null default 0, "stage" varchar(100) not null default 'Starting...', "percentage" int not null default 0, "song_id" text null, "started_at" timestamptz null, "completed_at" timestamptz null);`);
    this.addSql(`create index "generation_requests_user_id_index" on "generation_requests" ("user_id");`);
    this.addSql(`create index "generation_requests_status_created_at_index" on "generation_requests" ("status", "created_at");`);

    this.addSql(`create table "generated_lyrics" ("id" serial primary key, "created_at" timestamptz not null default now(), "request_id" int not null, "lyrics" text null, "status" varchar(20) not null default 'pending');`);

    this.addSql(`create table "generated_music" ("id" serial primary key, "created_at" timestamptz not null default now(), "user_id" int not null, "request_id" int null, "title" varchar(255) null, "lyrics" text null, "music_url" text null, "genres" jsonb null, "moods" jsonb null, "settings" jsonb null, "cover" text not null default '/default-cover.svg', "play_state" varchar(50) null);`);

    this.addSql(`create table "content_regeneration_requests" ("id" serial primary key, "created_at" timestamptz not null default now(), "original_song_id" text not null, "requested_by" int not null, "words_to_eliminate" jsonb null, "replacement_words" jsonb null, "preserved_elements" jsonb null, "status" varchar(20) not null default 'pending', "new_song_id" text null, "error" text null, "completed_at" timestamptz null);`);

    this.addSql(`create table "content_moderation_queue" ("id" serial primary key, "created_at" timestamptz not null default now(), "song_id" text not null, "analysis_id" int null, "flagged_for" jsonb not null, "flagged_words" jsonb null, "moderator_notes" text null, "status" varchar(20) not null default 'pending', "reviewed_by" int null, "reviewed_at" timestamptz null);`);
    this.addSql(`create index "content_moderation_queue_status_created_at_index" on "content_moderation_queue" ("status", "created_at");`);

    this.addSql(`create table "user_preferences" ("user_id" int not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "preferred_genres" jsonb null, "preferred_moods" jsonb null, "theme" varchar(20) not null default 'dark', "shuffle_enabled" boolean not null default false, "repeat_mode" varchar(10) not null default 'none', "crossfade_enabled" boolean not null default true, "crossfade_duration" int not null default 5000, "mix_tightness" int not null default 3, "dj_mode_enabled" boolean not null default false, "silence_elimination_enabled" boolean not null default false, "beat_matched_transitions" boolean not null default true, "mixer_settings_saved_at" timestamptz null, constraint "user_preferences_pkey" primary key ("user_id"));`);

    this.addSql(`create table "user_time_preferences" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" int not null, "energy_schedule" jsonb null, "timezone" varchar(64) null);`);
    this.addSql(`alter table "user_time_preferences" add constraint "user_time_preferences_user_id_unique" unique ("user_id");`);

    this.addSql(`alter table "temporary_schedule_overrides" add constraint "temporary_schedule_overrides_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "songs" add constraint "songs_album_art_id_foreign" foreign key ("album_art_id") references "album_art" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "songs" add constraint "songs_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "song_content_analysis" add constraint "song_content_analysis_song_id_foreign" foreign key ("song_id") references "songs" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "sessions" add constraint "sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "production_songs" add constraint "production_songs_album_art_id_foreign" foreign key ("album_art_id") references "album_art" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "production_songs" add constraint "production_songs_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "production_songs" add constraint "production_songs_transferred_by_foreign" foreign key ("transferred_by") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "play_queue_entries" add constraint "play_queue_entries_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "play_queue_entries" add constraint "play_queue_entries_song_id_foreign" foreign key ("song_id") references "songs" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "play_queues" add constraint "play_queues_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "play_queues" add constraint "play_queues_current_song_id_foreign" foreign key ("current_song_id") references "songs" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "playlists" add constraint "playlists_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "playlist_songs" add constraint "playlist_songs_playlist_id_foreign" foreign key ("playlist_id") references "playlists" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "playlist_songs" add constraint "playlist_songs_music_id_foreign" foreign key ("music_id") references "songs" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "play_history" add constraint "play_history_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "play_history" add constraint "play_history_music_id_foreign" foreign key ("music_id") references "songs" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "liked_songs" add constraint "liked_songs_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "liked_songs" add constraint "liked_songs_music_id_foreign" foreign key ("music_id") references "songs" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "generation_requests" add constraint "generation_requests_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "generation_requests" add constraint "generation_requests_song_id_foreign" foreign key ("song_id") references "songs" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "generated_lyrics" add constraint "generated_lyrics_request_id_foreign" foreign key ("request_id") references "generation_requests" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "generated_music" add constraint "generated_music_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "generated_music" add constraint "generated_music_request_id_foreign" foreign key ("request_id") references "generation_requests" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "content_regeneration_requests" add constraint "content_regeneration_requests_original_song_id_foreign" foreign key ("original_song_id") references "songs" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "content_regeneration_requests" add constraint "content_regeneration_requests_requested_by_foreign" foreign key ("requested_by") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "content_regeneration_requests" add constraint "content_regeneration_requests_new_song_id_foreign" foreign key ("new_song_id") references "songs" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "content_moderation_queue" add constraint "content_moderation_queue_song_id_foreign" foreign key ("song_id") references "songs" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "content_moderation_queue" add constraint "content_moderation_queue_analysis_id_foreign" foreign key ("analysis_id") references "song_content_analysis" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "content_moderation_queue" add constraint "content_moderation_queue_reviewed_by_foreign" foreign key ("reviewed_by") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "user_preferences" add constraint "user_preferences_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "user_time_preferences" add constraint "user_time_preferences_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
  }

}
