import { useEffect, useState, type ComponentPropsWithRef, type ReactElement } from 'react';
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

type SongMenuModule = typeof import('./SongMenu');
let songMenuModule: SongMenuModule | null = null;
const loadSongMenuModule = () => import('./SongMenu').then((module) => (songMenuModule = module));

/**
 * The right-click song menu out of the first load: `children` (the row or card) render at once, and
 * become the menu's trigger when its code is there. Rows drawn after it arrived (the usual case: their
 * data takes longer) are triggers from the start; others are remounted once as it arrives (a right-click
 * before that gets the browser's menu).
 */
export function DeferredSongContextMenu(props: { song: { id: string; title: string; genre?: string | null }; withRadio?: boolean; withLike?: boolean; children: ReactElement }) {
  const [module, setModule] = useState(songMenuModule);
  useEffect(() => {
    if (!module) void loadSongMenuModule().then(setModule);
  }, [module]);
  return module ? <module.SongContextMenu {...props} /> : props.children;
}
