/**
 * The home page's music: rows of cover cards that play on click. Continue listening (the queue as
 * the player holds it), recently played, your latest creations, recently liked, your playlists and
 * made for you (server-side picks from the genres and moods you play most). A user with nothing in
 * any row is led to the Studio instead.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { Music, Pause, Play, WandSparkles } from 'lucide-react';
import { useAvailableRoutes } from '../app/availableRoutes';
import { useSignedInUser } from '../auth/useCurrentUser';
import type { LibrarySongFieldsFragment } from '../gql/graphql';
import { usePlayerServices, usePlayerState } from '../player/PlayerProvider';
import type { PlayableSong } from '../player/types';
import { PlaylistCover } from '../playlists/PlaylistCover';
import { PLAYLISTS_QUERY } from '../playlists/playlistOperations';
import { songCountLabel } from '../playlists/playlistFormat';
import { useQueueActions } from '../queue/useQueueActions';
import { hasPermission } from '../shell/permissions';
import { HOME_QUERY } from './homeOperations';
import '../library/SongList.css';
import '../ui/cardRow.css';
import './HomeRows.css';
import { GenreStationsRow } from '../radio/GenreStationsRow';
import { DeferredSongContextMenu, DeferredSongMenu } from '../playlists/SongMenuButton';

/** Cards in the continue-listening row: the current song and what follows it. */
const CONTINUE_CARDS = 12;

function CardRow({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="home-row" aria-label={title}>
      <h2 className="home__section-title">{title}</h2>
      <ul className="card-row">{children}</ul>
    </section>
  );
}

/** A cover that plays (or, for the song playing now, pauses) when pressed, with the song menu beside the title. */
function SongCard({ song, playing, onPlay }: { song: PlayableSong; playing: boolean; onPlay: () => void }) {
  const art = song.thumbnailUrl ?? song.coverUrl;
  return (
    <DeferredSongContextMenu song={song}>
      <li className="home-card">
        <button type="button" className="home-card__cover" aria-label={playing ? `Pause ${song.title}` : `Play ${song.title}`} onClick={onPlay}>
          {art ? <img src={art} alt="" loading="lazy" /> : <Music aria-hidden size={40} />}
          <span className="home-card__play" aria-hidden>
            {playing ? <Pause size={20} /> : <Play size={20} />}
          </span>
        </button>
        <span className="home-card__heading">
          <span className="home-card__title">{song.title}</span>
          <DeferredSongMenu song={song} className="home-card__more" />
        </span>
        <span className="home-card__meta">{[song.artist, song.genre].filter(Boolean).join(' · ') || '\u00a0'}</span>
      </li>
    </DeferredSongContextMenu>
  );
}

/** A row of songs; a card plays the row from that song on (the rest follow in the queue). */
function SongRow({ title, songs }: { title: string; songs: readonly LibrarySongFieldsFragment[] }) {
  const actions = useQueueActions();
  const { engine } = usePlayerServices();
  const { currentSong, isPlaying } = usePlayerState();
  if (songs.length === 0) return null;
  const ids = songs.map((song) => song.id);
  return (
    <CardRow title={title}>
      {songs.map((song, index) => {
        const playing = isPlaying && currentSong?.id === song.id;
        return <SongCard key={song.id} song={song} playing={playing} onPlay={() => void (playing ? engine.togglePlay() : actions.playSongs(ids, index))} />;
      })}
    </CardRow>
  );
}

/** The queue as it stands: the current song resumes or pauses, a later one plays from there. */
function ContinueListening() {
  const actions = useQueueActions();
  const { engine } = usePlayerServices();
  const { currentSong, upcomingQueue, isPlaying } = usePlayerState();
  if (!currentSong) return null;
  return (
    <CardRow title="Continue listening">
      <SongCard song={currentSong} playing={isPlaying} onPlay={() => void engine.togglePlay()} />
      {upcomingQueue.slice(0, CONTINUE_CARDS - 1).map((song, index) => (
        // The same song may be queued twice: its place keeps the key unique.
        <SongCard key={`${song.id}-${index}`} song={song} playing={false} onPlay={() => void actions.play(song.id)} />
      ))}
    </CardRow>
  );
}

function PlaylistRow() {
  const { data } = useQuery(PLAYLISTS_QUERY);
  const actions = useQueueActions();
  const playlists = (data?.playlists ?? []).filter((playlist) => playlist.songCount > 0);
  if (playlists.length === 0) return null;
  return (
    <CardRow title="Your playlists">
      {playlists.map((playlist) => (
        <li key={playlist.id} className="home-card">
          <button type="button" className="home-card__cover" aria-label={`Play ${playlist.name}`} onClick={() => void actions.playPlaylist(playlist.id)}>
            <PlaylistCover name={playlist.name} coverUrls={playlist.coverUrls} size={160} />
            <span className="home-card__play" aria-hidden>
              <Play size={20} />
            </span>
          </button>
          <Link to={`/playlists/${playlist.id}`} className="home-card__title home-card__link">
            {playlist.name}
          </Link>
          <span className="home-card__meta">{songCountLabel(playlist.songCount)}</span>
        </li>
      ))}
    </CardRow>
  );
}

function useCanCreate(): boolean {
  const user = useSignedInUser();
  const routes = useAvailableRoutes();
  return hasPermission(user, 'canGenerateMusic') && routes.has('/studio');
}

/** The latest-creations row of someone who has made nothing yet: one card into the Studio. */
function FirstCreation() {
  return (
    <CardRow title="Your latest creations">
      <li className="home-card">
        <Link to="/studio" className="home-card__cover home-card__cover--create" aria-label="Create a song in the AI Studio">
          <WandSparkles aria-hidden size={40} />
        </Link>
        <span className="home-card__title">Create a song</span>
        <span className="home-card__meta">In the AI Studio</span>
      </li>
    </CardRow>
  );
}

/** Where a user with no music yet starts: the Studio when they may generate, else the library. */
function StartHere() {
  const canCreate = useCanCreate();
  return (
    <section className="home-start" aria-label="Start here">
      <WandSparkles aria-hidden size={32} className="home-start__icon" />
      <div>
        <h2 className="home-start__title">{canCreate ? 'Make your first song' : 'Find something to play'}</h2>
        <p className="home-start__text">
          {canCreate
            ? 'Describe a mood, pick a genre, and the AI Studio writes and produces it. Your songs, plays, likes and picks made for you will fill this page.'
            : 'Play songs from the library; what you play, like and save will fill this page.'}
        </p>
      </div>
      <Link to={canCreate ? '/studio' : '/library'} className="page__button page__button--primary">
        {canCreate ? 'Open the AI Studio' : 'Open Your Library'}
      </Link>
    </section>
  );
}

/** Asks for the rows again whenever another song starts: the one before it is now recently played. */
function useRefetchOnSongChange(songId: string | null, refetch: () => unknown): void {
  const previous = useRef(songId);
  useEffect(() => {
    if (previous.current === songId) return;
    previous.current = songId;
    void refetch();
  }, [songId, refetch]);
}

export function HomeRows() {
  const { data, error, refetch } = useQuery(HOME_QUERY, { fetchPolicy: 'cache-and-network' });
  const { data: playlistData } = useQuery(PLAYLISTS_QUERY);
  const { currentSong } = usePlayerState();
  useRefetchOnSongChange(currentSong?.id ?? null, refetch);
  const canCreate = useCanCreate();
  if (error) return <p className="page__empty">Could not load your music: {error.message}</p>;
  if (!data) return null;
  const { recentlyPlayed, latestCreations, recentlyLiked, madeForYou } = data.home;
  const hasPlaylistSongs = (playlistData?.playlists ?? []).some((playlist) => playlist.songCount > 0);
  const isEmpty = !currentSong && !hasPlaylistSongs && [recentlyPlayed, latestCreations, recentlyLiked, madeForYou].every((row) => row.length === 0);
  if (isEmpty)
    return (
      <>
        <StartHere />
        <GenreStationsRow />
      </>
    );
  return (
    <div className="home-rows">
      <ContinueListening />
      <SongRow title="Recently played" songs={recentlyPlayed} />
      {latestCreations.length === 0 && canCreate ? <FirstCreation /> : <SongRow title="Your latest creations" songs={latestCreations} />}
      <SongRow title="Made for you" songs={madeForYou} />
      <SongRow title="Recently liked" songs={recentlyLiked} />
      <PlaylistRow />
      <GenreStationsRow />
    </div>
  );
}
