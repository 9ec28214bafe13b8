import type { ComponentPropsWithRef } from 'react';
import { MoreHorizontal } from 'lucide-react';
import { deferredMenu } from '../ui/deferred';

/** The ⋯ button of a song: the song menu's trigger, and its stand-in until the menu's code is loaded. */
export function SongMenuButton({ songTitle, className, ...props }: ComponentPropsWithRef<'button'> & { songTitle: string }) {
  return (
    <button type="button" className={`player-icon-button ${className ?? ''}`} aria-label={`More options for ${songTitle}`} title="More options" {...props}>
      <MoreHorizontal aria-hidden size={18} />
    </button>
  );
}

/**
 * The song menu out of the first load: the player bar's, the search results' and every song row's
 * (home cards, library rows), so a page's first screen does not wait for Radix's menu and popper code.
 */
export const DeferredSongMenu = deferredMenu(
  () => import('./SongMenu').then((module) => module.SongMenu),
  ({ song, className, onClick }: { song: { id: string; title: string; genre?: string | null }; className?: string; withRadio?: boolean; withLike?: boolean; onClick: () => void }) => (
    <SongMenuButton songTitle={song.title} className={className} onClick={onClick} />
  ),
);
