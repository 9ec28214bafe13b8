/**
 * AI Artists (/artists): the user's own artists and the public ones, and the form to create one.
 * Each card opens the artist's page (/artists/:id).
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@apollo/client/react';
import { Lock, Plus, UserRound } from 'lucide-react';
import type { AiArtistFieldsFragment } from '../gql/graphql';
import { Spinner } from '../shell/Spinner';
import { ArtistForm } from './ArtistForm';
import { artistSoundLine } from './artistOptions';
import { ARTISTS_QUERY } from './artistOperations';
import { LoadMore, useNextPage } from '../library/LoadMore';
import './ArtistsPage.css';

/** Other users' artists per page. */
export const ARTISTS_PAGE_SIZE = 24;

function ArtistCard({ artist }: { artist: AiArtistFieldsFragment }) {
  return (
    <li className="artist-card">
      <Link to={`/artists/${artist.id}`} className="artist-card__link" aria-label={artist.name}>
        {artist.portraitThumbnailUrl ? <img className="artist-card__portrait" src={artist.portraitThumbnailUrl} alt="" loading="lazy" /> : <UserRound className="artist-card__portrait" aria-hidden />}
        <span className="artist-card__name">
          {artist.name}
          {!artist.isPublic && <Lock size={14} aria-label="Private" />}
        </span>
        <span className="artist-card__meta">{artistSoundLine(artist)}</span>
        <span className="artist-card__meta">
          {artist.songCount} {artist.songCount === 1 ? 'song' : 'songs'}
          {!artist.isMine && ` · by ${artist.ownerName}`}
        </span>
      </Link>
    </li>
  );
}

export function ArtistsPage() {
  const { data, loading, error, fetchMore } = useQuery(ARTISTS_QUERY, { variables: { first: ARTISTS_PAGE_SIZE }, fetchPolicy: 'cache-and-network' });
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const mine = data?.mine.edges.map((edge) => edge.node) ?? [];
  const others = data?.others.edges.map((edge) => edge.node) ?? [];
  const next = useNextPage(data?.others.pageInfo, (after) => fetchMore({ variables: { after } }), 'artists');

  return (
    <div className="artists">
      <header className="artists__header">
        <div>
          <h1>AI Artists</h1>
          <p>Personas with their own voice and sound: songs made as an artist sing with its voice and play its instruments.</p>
        </div>
        {!creating && (
          <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
            <Plus size={18} aria-hidden /> New artist
          </button>
        )}
      </header>

      {creating && <ArtistForm artist={null} onCancel={() => setCreating(false)} onSaved={(artist) => navigate(`/artists/${artist.id}`)} />}

      {loading && !data ? (
        <Spinner />
      ) : error && !data ? (
        <p role="alert">{error.message}</p>
      ) : (
        <>
          <section aria-label="Your artists">
            <h2>Your artists</h2>
            {mine.length === 0 ? <p className="artists__empty">You have no artists yet: create one, then pick it in the AI Studio.</p> : <ul className="artists__grid">{mine.map((artist) => <ArtistCard key={artist.id} artist={artist} />)}</ul>}
          </section>
          {others.length > 0 && (
            <section aria-label="Public artists">
              <h2>Public artists</h2>
              <ul className="artists__grid">
                {others.map((artist) => (
                  <ArtistCard key={artist.id} artist={artist} />
                ))}
              </ul>
              <LoadMore loader={next} label="More artists" />
            </section>
          )}
        </>
      )}
    </div>
  );
}
