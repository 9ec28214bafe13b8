import { useState } from 'react';
import { Heart } from 'lucide-react';
import { useFragment, useMutation } from '@apollo/client/react';
import { toast } from '../ui/toastStore';
import { LIKE_SONG_MUTATION, SONG_LIKE_FRAGMENT, UNLIKE_SONG_MUTATION } from './playerOperations';

/** A song's like status (its entry in Apollo's cache) and the toggle, with the SPEC 8 toasts. */
export function useLikeToggle(songId: string): { liked: boolean; busy: boolean; toggle: () => Promise<void> } {
  const { data } = useFragment({ fragment: SONG_LIKE_FRAGMENT, from: { __typename: 'Song', id: songId } });
  const [like] = useMutation(LIKE_SONG_MUTATION);
  const [unlike] = useMutation(UNLIKE_SONG_MUTATION);
  const [busy, setBusy] = useState(false);
  const liked = data?.isLiked === true;

  const toggle = async () => {
    setBusy(true);
    try {
      if (liked) {
        await unlike({ variables: { songId } });
        toast({ title: 'Song removed from liked songs', description: 'Removed from your collection' });
      } else {
        await like({ variables: { songId } });
        toast({ title: 'Song added to liked songs', description: 'Added to your collection' });
      }
    } catch (error) {
      // SPEC 8 names no like-failure toast; the heart simply keeps its state.
      console.warn('[player] like change failed', error);
    } finally {
      setBusy(false);
    }
  };
  return { liked, busy, toggle };
}

/** Like/unlike a song. */
export function LikeButton({ songId }: { songId: string }) {
  const { liked, busy, toggle } = useLikeToggle(songId);
  return (
    <button
      type="button"
      className="player-icon-button player-like"
      aria-label={liked ? 'Remove from liked songs' : 'Add to liked songs'}
      aria-pressed={liked}
      data-liked={liked}
      disabled={busy}
      onClick={() => void toggle()}
    >
      <Heart aria-hidden size={18} fill={liked ? 'currentColor' : 'none'} />
    </button>
  );
}
