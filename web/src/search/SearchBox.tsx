/**
 * The shell's one search box ('/' focuses it): songs, playlists and artists as you type, grouped,
 * best match first. A result plays where it is (Enter or a click): a song, a playlist from its
 * start, an artist's songs. Arrow keys move through the results, Escape closes them. A combobox
 * with a listbox of options (WAI-ARIA), each song with the one song menu beside it.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { ExternalLink, ListMusic, Music, Search, UserRound, X } from 'lucide-react';
import { isTextEntry } from '../keyboard/shortcuts';
import { PlaylistCover } from '../playlists/PlaylistCover';
import { DeferredSongMenu } from '../playlists/SongMenuButton';
import { songCountLabel } from '../playlists/playlistFormat';
import { useQueueActions } from '../queue/useQueueActions';
import { useDebounced } from '../ui/useDebounced';
import { SEARCH_QUERY } from './searchOperations';
import './SearchBox.css';

/** Wait after the last key before asking the server (typing fast sends one request, not five). */
const SEARCH_DEBOUNCE_MS = 150;

interface ResultOption {
  key: string;
  play(): Promise<boolean>;
}

/** Whether an event happened inside the search or in a menu it opened (song menus live in a portal). */
function isInside(container: HTMLElement | null, target: EventTarget | null): boolean {
  return target instanceof Element && (container?.contains(target) === true || target.closest('.menu, [role="dialog"]') !== null);
}

export function SearchBox() {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const container = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const actions = useQueueActions();
  const query = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const { data, previousData, loading, error } = useQuery(SEARCH_QUERY, { variables: { text: query }, skip: query === '', fetchPolicy: 'cache-and-network' });
  const results = query === '' ? undefined : (data ?? previousData)?.search;

  // '/' anywhere but in a text field jumps to the search box, as on most sites with one.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || isTextEntry(event.target)) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
      setOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  // A press anywhere else closes the results.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!isInside(container.current, event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const options: ResultOption[] = useMemo(() => {
    if (!results) return [];
    const songIds = results.songs.map((song) => song.id);
    return [
      ...results.songs.map((song, index) => ({ key: `song:${song.id}`, play: () => actions.playSongs(songIds, index) })),
      ...results.playlists.map((playlist) => ({ key: `playlist:${playlist.id}`, play: () => actions.playPlaylist(playlist.id) })),
      ...results.artists.map((artist) => ({ key: `artist:${artist.name}`, play: () => actions.playArtist(artist.name) })),
    ];
  }, [results, actions]);

  useEffect(() => setActive(0), [query]);

  const optionId = (key: string) => `${listId}-${key.replace(/[^\w-]/g, '_')}`;
  const showPanel = open && query !== '' && results !== undefined;
  const activeKey = showPanel ? options[Math.min(active, options.length - 1)]?.key : undefined;

  const onKeyDown = (event: ReactKeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      if (open && text) setOpen(false);
      else input.current?.blur();
      return;
    }
    if (!showPanel || options.length === 0) {
      if (event.key === 'ArrowDown') setOpen(true);
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (Math.min(current, options.length - 1) + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      void options[Math.min(active, options.length - 1)]?.play();
    }
  };

  const option = (key: string, body: ReactNode, extra?: ReactNode) => {
    const index = options.findIndex((candidate) => candidate.key === key);
    return (
      <li key={key} className="search-result" role="presentation">
        <div
          id={optionId(key)}
          role="option"
          aria-selected={activeKey === key}
          className="search-result__option"
          onPointerMove={() => setActive(index)}
          onClick={() => void options[index]?.play()}
        >
          {body}
        </div>
        {extra}
      </li>
    );
  };

  return (
    <div className="search" ref={container}>
      <div className="search__field">
        <Search aria-hidden size={18} className="search__icon" />
        <input
          ref={input}
          className="search__input"
          type="search"
          role="combobox"
          aria-label="Search songs, playlists and artists"
          aria-expanded={showPanel}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeKey ? optionId(activeKey) : undefined}
          placeholder="Search songs, playlists, artists  ( / )"
          value={text}
          maxLength={200}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
        {text && (
          <button
            type="button"
            className="search__clear"
            aria-label="Clear search"
            onClick={() => {
              setText('');
              input.current?.focus();
            }}
          >
            <X aria-hidden size={16} />
          </button>
        )}
      </div>
      {showPanel && (
        <div className="search__panel">
          {error && <p className="search__note">Search failed: {error.message}</p>}
          {options.length === 0 && !loading && !error && <p className="search__note">Nothing matches “{query}”.</p>}
          <ul id={listId} role="listbox" aria-label="Search results" className="search__results">
            {results && (
              <>
                <ResultGroup title="Songs">
                  {results.songs.map((song) =>
                    option(
                      `song:${song.id}`,
                      <ResultText art={<ResultArt url={song.thumbnailUrl ?? song.coverUrl} fallback={<Music aria-hidden size={16} />} />} title={song.title} meta={[song.artist, song.genre, song.mood].filter(Boolean).join(' · ')} />,
                      <DeferredSongMenu song={song} className="search-result__more" />,
                    ),
                  )}
                </ResultGroup>
                <ResultGroup title="Playlists">
                  {results.playlists.map((playlist) =>
                    option(
                      `playlist:${playlist.id}`,
                      <ResultText
                        art={<PlaylistCover name={playlist.name} coverUrls={playlist.coverUrls} size={40} />}
                        title={playlist.name}
                        meta={`${playlist.isOwner ? 'Your playlist' : `By ${playlist.ownerName}`} · ${songCountLabel(playlist.songCount)}`}
                      />,
                      <Link to={`/playlists/${playlist.id}`} className="search-result__more player-icon-button" aria-label={`Open ${playlist.name}`} onClick={() => setOpen(false)}>
                        <ExternalLink aria-hidden size={16} />
                      </Link>,
                    ),
                  )}
                </ResultGroup>
                <ResultGroup title="Artists">
                  {results.artists.map((artist) =>
                    option(
                      `artist:${artist.name}`,
                      <ResultText art={<ResultArt url={artist.coverUrl} fallback={<UserRound aria-hidden size={16} />} round />} title={artist.name} meta={`Artist · ${songCountLabel(artist.songCount)}`} />,
                    ),
                  )}
                </ResultGroup>
              </>
            )}
          </ul>
          <p className="search__hint" aria-hidden>
            <ListMusic size={14} /> ↑ ↓ to choose, Enter to play, Esc to close
          </p>
        </div>
      )}
    </div>
  );
}

/** One group of the listbox (songs, playlists, artists); nothing when it has no results. */
function ResultGroup({ title, children }: { title: string; children: ReactNode[] }) {
  if (children.length === 0) return null;
  return (
    <li role="presentation">
      <ul role="group" aria-label={title} className="search__group">
        <li role="presentation" className="search__group-title" aria-hidden>
          {title}
        </li>
        {children}
      </ul>
    </li>
  );
}

function ResultText({ art, title, meta }: { art: ReactNode; title: string; meta: string }) {
  return (
    <>
      {art}
      <span className="search-result__text">
        <span className="search-result__title">{title}</span>
        <span className="search-result__meta">{meta}</span>
      </span>
    </>
  );
}

function ResultArt({ url, fallback, round = false }: { url: string | null | undefined; fallback: ReactNode; round?: boolean }) {
  return <span className={`search-result__art${round ? ' search-result__art--round' : ''}`}>{url ? <img src={url} alt="" loading="lazy" /> : fallback}</span>;
}
