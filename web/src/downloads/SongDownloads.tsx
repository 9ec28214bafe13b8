/**
 * A song's downloads (docs/downloads.md) and creator actions, on Now Playing: the MP3, and for the
 * song's owner the WAV, each stem and a zip of everything (rendered by the server when asked for),
 * plus 'Make a variation', which queues a new song from this one, and Extend, Cover and Edit lyrics (creator/).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from '@apollo/client/react';
import { Download, Shuffle } from 'lucide-react';
import { messageOf } from '../ui/errorMessage';
import { CreatorTools } from '../creator/CreatorTools';
import { CREATE_VARIATION_MUTATION, SONG_DOWNLOADS_QUERY } from './downloadOperations';
import './SongDownloads.css';

const STEM_LABELS: Record<string, string> = { vocals: 'Vocals', drums: 'Drums', bass: 'Bass', music: 'Music' };

/** `lyrics`: the song's words, which its owner can edit (null: none, or not loaded yet). */
export function SongDownloads({ songId, title, lyrics }: { songId: string; title: string; lyrics: string | null }) {
  const { data } = useQuery(SONG_DOWNLOADS_QUERY, { variables: { songId }, fetchPolicy: 'cache-and-network' });
  const [createVariation, variation] = useMutation(CREATE_VARIATION_MUTATION);
  const [variationMessage, setVariationMessage] = useState<string | null>(null);
  const links = data?.songDownloads.songId === songId ? data.songDownloads : null;
  if (!links) return null;
  const owner = links.wavUrl !== null;

  const vary = async () => {
    setVariationMessage(null);
    try {
      const result = await createVariation({ variables: { songId } });
      setVariationMessage(`Queued "${result.data?.createVariation.title ?? title}".`);
    } catch (error) {
      setVariationMessage(messageOf(error));
    }
  };

  return (
    <section className="song-downloads" aria-labelledby="song-downloads-heading">
      <h2 id="song-downloads-heading" className="queue__heading">
        Downloads
      </h2>
      <ul className="song-downloads__list" aria-label={`Downloads of ${title}`}>
        {links.mp3Url && (
          <li>
            <a className="button" href={links.mp3Url} download>
              <Download aria-hidden size={16} /> MP3
            </a>
          </li>
        )}
        {links.wavUrl && (
          <li>
            <a className="button" href={links.wavUrl} download>
              <Download aria-hidden size={16} /> WAV
            </a>
          </li>
        )}
        {links.stems.map(({ stem, url }) => (
          <li key={stem}>
            <a className="button" href={url} download aria-label={`${STEM_LABELS[stem] ?? stem} stem (WAV)`}>
              <Download aria-hidden size={16} /> {STEM_LABELS[stem] ?? stem}
            </a>
          </li>
        ))}
        {links.zipUrl && (
          <li>
            <a className="button button--primary" href={links.zipUrl} download>
              <Download aria-hidden size={16} /> Everything (zip)
            </a>
          </li>
        )}
      </ul>
      {links.unavailableReason && <p className="song-downloads__note">{links.unavailableReason}</p>}
      {!owner && links.stems.length === 0 ? null : <p className="song-downloads__note">WAV and stems are rendered when you download them: allow a few seconds.</p>}
      {owner && (
        <div className="song-downloads__create">
          <button type="button" className="button" disabled={variation.loading} onClick={() => void vary()}>
            <Shuffle aria-hidden size={16} /> Make a variation
          </button>
          {variationMessage && (
            <p role="status" className="song-downloads__note">
              {variationMessage} <Link to="/generation-queue">Generation queue</Link>
            </p>
          )}
        </div>
      )}
      {owner && <CreatorTools songId={songId} lyrics={lyrics} />}
    </section>
  );
}
