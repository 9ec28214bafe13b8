/**
 * An AI Artist's page (/artists/:id): portrait, bio, sound, the songs made as the artist (those the
 * viewer may see) with Play all, and for its creator (or an admin) edit and delete.
 */
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery } from '@apollo/client/react';
import { Pencil, Play, Sparkles, Trash2, UserRound } from 'lucide-react';
import { usePageTitle } from '../app/pageTitle';
import { SongList } from '../library/SongList';
import { useQueueActions } from '../queue/useQueueActions';
import { NotFound } from '../shell/NotFound';
import { Spinner } from '../shell/Spinner';
import { toast } from '../ui/toastStore';
import { ArtistForm } from './ArtistForm';
import { ARTIST_INSTRUMENTS, artistSoundLine } from './artistOptions';
import { ARTIST_QUERY, DELETE_ARTIST_MUTATION } from './artistOperations';
import { LoadMore, useNextPage } from '../library/LoadMore';
import './ArtistsPage.css';

/** The artist's songs per page. */
export const ARTIST_SONGS_PAGE_SIZE = 30;

const instrumentLabel = (id: string) => ARTIST_INSTRUMENTS.find((i) => i.id === id)?.label ?? id;

export function ArtistPage() {
  const { id = '' } = useParams();
  const { data, loading, error, refetch, fetchMore } = useQuery(ARTIST_QUERY, { variables: { id, first: ARTIST_SONGS_PAGE_SIZE }, fetchPolicy: 'cache-and-network' });
  const [editing, setEditing] = useState(false);
  const [remove] = useMutation(DELETE_ARTIST_MUTATION, { refetchQueries: ['AiArtists', 'AiArtistChoices'] });
  const actions = useQueueActions();
  const navigate = useNavigate();
  const artist = data?.aiArtist;
  usePageTitle(artist?.name ?? 'AI Artist');
  const next = useNextPage(artist?.songsConnection.pageInfo, (after) => fetchMore({ variables: { after } }), 'artist songs');

  if (loading && !data) return <Spinner />;
  // A private artist of someone else's is answered as absent.
  if (!artist) return !error || error.message === 'Artist not found' ? <NotFound /> : <p role="alert">{error.message}</p>;

  const songs = artist.songsConnection.edges.map((edge) => edge.node);
  const deleteArtist = async () => {
    if (!window.confirm(`Delete ${artist.name}? Its songs stay in your library.`)) return;
    try {
      await remove({ variables: { id: artist.id } });
      navigate('/artists');
    } catch (failure) {
      toast({ title: 'Could not delete the artist', description: failure instanceof Error ? failure.message : String(failure), variant: 'destructive' });
    }
  };

  return (
    <div className="artists artist-page">
      <header className="artist-page__header">
        {artist.portraitUrl ? <img className="artist-page__portrait" src={artist.portraitUrl} alt={`Portrait of ${artist.name}`} /> : <UserRound className="artist-page__portrait" aria-hidden />}
        <div className="artist-page__about">
          <p className="artist-page__kind">{artist.isPublic ? 'Public AI Artist' : 'Private AI Artist'}{!artist.isMine && ` · by ${artist.ownerName}`}</p>
          <h1>{artist.name}</h1>
          {artist.bio && <p className="artist-page__bio">{artist.bio}</p>}
          <p className="artist-page__sound">{artistSoundLine(artist)}</p>
          {artist.instruments.length > 0 && <p className="artist-page__sound">Plays {artist.instruments.map(instrumentLabel).join(', ')}</p>}
          <div className="artist-page__actions">
            <button type="button" className="button button--primary" disabled={artist.songCount === 0} onClick={() => void actions.playAiArtist(artist.id)}>
              <Play size={18} aria-hidden /> Play all
            </button>
            <Link className="button" to={`/studio?artist=${artist.id}`}>
              <Sparkles size={18} aria-hidden /> Make a song as {artist.name}
            </Link>
            {artist.canEdit && !editing && (
              <button type="button" className="button" onClick={() => setEditing(true)}>
                <Pencil size={18} aria-hidden /> Edit
              </button>
            )}
            {artist.canEdit && (
              <button type="button" className="button" onClick={() => void deleteArtist()}>
                <Trash2 size={18} aria-hidden /> Delete
              </button>
            )}
          </div>
        </div>
      </header>

      {editing && (
        <ArtistForm
          artist={artist}
          onCancel={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            void refetch();
          }}
        />
      )}

      <section aria-label={`Songs by ${artist.name}`}>
        <h2>Songs</h2>
        {songs.length === 0 ? <p className="artists__empty">No songs yet. Pick {artist.name} in the AI Studio to make one.</p> : <SongList songs={songs} label={`Songs by ${artist.name}`} />}
        <LoadMore loader={next} />
      </section>
    </div>
  );
}
