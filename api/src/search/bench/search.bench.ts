/**
 * `npm run bench:search`: seeds 10,000 songs (20 users, one in ten private, 16 lines of lyrics each) and 300
 * playlists, then times SearchService.search for texts typed a letter at a time (every prefix of
 * titles, artists, genres, moods and lyric words, as a search box sends them). Prints p50/p95/max
 * per database (the embedded PGlite, and PostgreSQL at TEST_POSTGRES_URL when it answers) and the
 * machine's load average. BENCH_SONGS (10000), BENCH_ROUNDS (3 passes over the texts),
 * BENCH_DATABASES (embedded,postgres).
 */
import 'reflect-metadata';
import { loadavg, cpus } from 'node:os';
import type { EntityManager } from '@mikro-orm/postgresql';
import { createTestDatabase } from '../../test-support/test-database.js';
import { TEST_POSTGRES_URL, portAnswers } from '../../test-support/services-available.js';
import { createPubSub } from '../../pubsub/pubsub.js';
import { QueueService } from '../../library/queue.service.js';
import { User } from '../../users/user.entity.js';
import { SearchService } from '../search.service.js';
import { dictionary as pronunciations } from 'cmu-pronouncing-dictionary';

const SONGS = Number(process.env.BENCH_SONGS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const USERS = 20;
const PLAYLISTS = 300;
const BATCH = 500;
const DATABASES = (process.env.BENCH_DATABASES ?? 'embedded,postgres').split(',');

const GENRES = ['lo-fi', 'house', 'jazz', 'rock', 'ambient', 'synthwave', 'funk', 'pop', 'hip-hop', 'techno', 'classical', 'metal', 'r&b', 'reggae', 'folk', 'drum & bass', 'country', 'blues', 'soul'];
const MOODS = ['happy', 'chill', 'dreamy', 'energetic', 'melancholic', 'peaceful', 'dark', 'romantic', 'uplifting', 'mysterious'];
const WORDS =
  'midnight rain neon city ocean drive summer heart fire golden river shadow light dream echo velvet storm silver road home winter moon star electric wild paper glass morning blue lonely forever dance whisper thunder garden mirror satellite highway gravity ember horizon lullaby signal static crystal wave cherry honey smoke voltage tide'.split(' ');
const ARTIST_FIRST = 'Luna Nova Echo Pixel Velvet Neon Solar Atlas Crimson Indigo Orbit Aurora Static Hollow Golden Ivory'.split(' ');
const ARTIST_LAST = 'Drive Theory Collective Machine Parade Circuit Garden Society Motel Harbor Avenue Signals Kids'.split(' ');

/** A small deterministic generator, so every run seeds the same catalogue. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}
const next = random(7);
const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
const phrase = (words: number) => Array.from({ length: words }, () => pick(WORDS)).join(' ');
const capitalised = (text: string) => text.replace(/\b\w/g, (c) => c.toUpperCase());
/**
 * Lyrics draw from a 5,000-word vocabulary (English words from the CMU dictionary, the theme words
 * among them from rank 200 on) with Zipf's law, as real lyrics do: a few words in most songs, most
 * words in few.
 */
const dictionary = Object.keys(pronunciations).filter((word) => /^[a-z]{2,}$/.test(word));
const VOCABULARY = Array.from({ length: 5000 }, (_, rank) => (rank >= 200 && rank % 90 === 20 && (rank - 200) / 90 < WORDS.length ? WORDS[(rank - 200) / 90]! : dictionary[Math.floor(next() * dictionary.length)]!));
const ZIPF_TOTAL = VOCABULARY.reduce((sum, _, rank) => sum + 1 / (rank + 1), 0);
function lyricWord(): string {
  let remaining = next() * ZIPF_TOTAL;
  for (const [rank, word] of VOCABULARY.entries()) {
    remaining -= 1 / (rank + 1);
    if (remaining <= 0) return word;
  }
  return VOCABULARY[VOCABULARY.length - 1]!;
}
const lyricLine = () => Array.from({ length: 6 }, lyricWord).join(' ');
const artists = Array.from({ length: 150 }, (_, i) => `${ARTIST_FIRST[i % ARTIST_FIRST.length]} ${ARTIST_LAST[Math.floor(i / ARTIST_FIRST.length) % ARTIST_LAST.length]}`);

async function seed(em: EntityManager): Promise<User[]> {
  const users: User[] = [];
  for (let i = 0; i < USERS; i += 1) users.push(em.create(User, { username: `bench${i}` }));
  await em.flush();
  for (let start = 0; start < SONGS; start += BATCH) {
    const rows: unknown[] = [];
    const values: string[] = [];
    for (let i = start; i < Math.min(SONGS, start + BATCH); i += 1) {
      const lyrics = Array.from({ length: 16 }, lyricLine).join('\n');
      values.push('(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
      rows.push(`bench-${i}`, capitalised(phrase(1 + Math.floor(next() * 3))), pick(artists), pick(GENRES), pick(MOODS), lyrics, 120 + Math.floor(next() * 120), users[i % USERS]!.id, next() >= 0.1, Math.floor(next() * 500), `/media/covers/bench-${i}.png`);
    }
    await em.execute(
      `insert into "songs" ("id", "title", "artist", "genre", "mood", "lyrics", "duration", "user_id", "is_public", "play_count", "cover_url") values ${values.join(', ')}`,
      rows,
    );
  }
  for (let i = 0; i < PLAYLISTS; i += 1) {
    const [{ id }] = await em.execute<Array<{ id: number }>>(
      'insert into "playlists" ("user_id", "name", "description", "is_public") values (?, ?, ?, ?) returning "id"',
      [users[i % USERS]!.id, capitalised(phrase(2)), `Songs for ${phrase(3)}`, next() < 0.5],
    );
    const songIds = Array.from({ length: 20 }, (_, position) => [id, `bench-${Math.floor(next() * SONGS)}`, position]);
    await em.execute(`insert into "playlist_songs" ("playlist_id", "music_id", "position") values ${songIds.map(() => '(?, ?, ?)').join(', ')} on conflict do nothing`, songIds.flat());
  }
  await em.execute('analyze');
  return users;
}

/** Every prefix of each text, as typed into the search box. */
function typedTexts(): string[] {
  const targets = [...WORDS.slice(0, 12), ...GENRES.slice(0, 6), ...MOODS.slice(0, 4), ...artists.slice(0, 6), 'midnight rain', 'neon city lights', 'summer heart'];
  return targets.flatMap((target) => Array.from({ length: target.length }, (_, i) => target.slice(0, i + 1)).filter((text) => text.trim()));
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function benchmark(target: 'embedded' | 'postgres'): Promise<void> {
  const db = await createTestDatabase(target);
  const pubsub = createPubSub(null);
  try {
    const seedStarted = performance.now();
    const users = await seed(db.orm.em.fork() as EntityManager);
    const seeded = performance.now() - seedStarted;
    const search = new SearchService(new QueueService(pubsub));
    const texts = typedTexts();
    const timings: number[] = [];
    let results = 0;
    for (let round = 0; round <= ROUNDS; round += 1) {
      for (const [i, text] of texts.entries()) {
        const user = users[i % USERS]!;
        const started = performance.now();
        const found = await search.search(db.orm.em.fork() as EntityManager, user, { text });
        const elapsed = performance.now() - started;
        // Round 0 warms the caches and JIT; it is not counted.
        if (round > 0) {
          timings.push(elapsed);
          results += found.songs.length + found.playlists.length + found.artists.length;
        }
      }
    }
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.log(
      `${target === 'embedded' ? 'PGlite (embedded)' : 'PostgreSQL'}: ${SONGS} songs, ${PLAYLISTS} playlists seeded in ${(seeded / 1000).toFixed(1)} s; ` +
        `${timings.length} searches (${texts.length} typed texts x ${ROUNDS}), ${(results / timings.length).toFixed(1)} results each: ` +
        `p50 ${ms(percentile(timings, 50))}, p95 ${ms(percentile(timings, 95))}, max ${ms(Math.max(...timings))}`,
    );
  } finally {
    await pubsub.close();
    await db.close();
  }
}

console.log(`Machine: ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' / ')} (1/5/15 min)`);
if (DATABASES.includes('embedded')) await benchmark('embedded');
if (DATABASES.includes('postgres')) {
  // A longer wait than the test suites' probe: on a loaded machine the connection can take seconds.
  if (await portAnswers(Number(new URL(TEST_POSTGRES_URL).port || 5432), new URL(TEST_POSTGRES_URL).hostname, 5000)) await benchmark('postgres');
  else console.log('PostgreSQL: not answering at TEST_POSTGRES_URL; skipped');
}
console.log(`Load average after: ${loadavg().map((l) => l.toFixed(2)).join(' / ')}`);
