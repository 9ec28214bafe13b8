/**
 * The one song menu, used wherever a song appears (library rows, playlist rows, queue rows, Now
 * Playing, the player bar): play next, add to queue, add to a playlist (or a new one); library rows
 * add start radio and like, so on phones (where their icons are hidden) every action stays one tap
 * away. Given several songs (a library selection) it offers adding them all to a playlist.
 */
import { useState, type ReactNode } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQuery } from '@apollo/client/react';
import { ChevronRight, Heart, ListEnd, ListPlus, Radio } from 'lucide-react';
import { useLikeToggle } from '../player/LikeButton';
import { useQueueActions } from '../queue/useQueueActions';
import { toast } from '../ui/toastStore';
import { PlaylistChoices } from './AddToPlaylistMenu';
import { NewPlaylistDialog } from './NewPlaylistDialog';
import { PLAYLISTS_QUERY } from './playlistOperations';
import { SongMenuButton } from './SongMenuButton';
import { nextPlaylistName } from './playlistFormat';
import '../ui/menu.css';
import './SongMenu.css';

function useNewPlaylistDialog(songIds: readonly string[]): { open: () => void; dialog: ReactNode } {
  const [isOpen, setOpen] = useState(false);
  const { data } = useQuery(PLAYLISTS_QUERY, { fetchPolicy: 'cache-first', skip: !isOpen });
  const dialog = isOpen ? (
    <NewPlaylistDialog songIds={songIds} suggestedName={nextPlaylistName((data?.playlists ?? []).map((p) => p.name))} onClose={() => setOpen(false)} />
  ) : null;
  return { open: () => setOpen(true), dialog };
}

/** Like or unlike, as a menu item (mounted only while the menu is open). */
function LikeMenuItem({ songId }: { songId: string }) {
  const like = useLikeToggle(songId);
  return (
    <DropdownMenu.Item className="menu__item" disabled={like.busy} onSelect={() => void like.toggle()}>
      <Heart size={16} aria-hidden fill={like.liked ? 'currentColor' : 'none'} />
      {like.liked ? 'Remove from liked songs' : 'Add to liked songs'}
    </DropdownMenu.Item>
  );
}

/** The ⋯ menu of one song; `withRadio` adds 'Start <genre> radio' (when it has a genre), `withLike` the like toggle. */
export function SongMenu({
  song,
  className,
  withRadio = false,
  withLike = false,
  defaultOpen = false,
}: {
  song: { id: string; title: string; genre?: string | null };
  className?: string;
  withRadio?: boolean;
  withLike?: boolean;
  defaultOpen?: boolean;
}) {
  const actions = useQueueActions();
  const newPlaylist = useNewPlaylistDialog([song.id]);
  return (
    <>
      <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
        <DropdownMenu.Trigger asChild>
          <SongMenuButton songTitle={song.title} className={className} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu" align="end" sideOffset={4} collisionPadding={8}>
            <DropdownMenu.Item
              className="menu__item"
              onSelect={() => void actions.playNext(song.id).then((ok) => ok && toast({ title: 'Playing next', description: song.title }))}
            >
              <ListEnd size={16} aria-hidden />
              Play next
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className="menu__item"
              onSelect={() => void actions.enqueue(song.id).then((ok) => ok && toast({ title: 'Added to queue', description: song.title }))}
            >
              <ListPlus size={16} aria-hidden />
              Add to queue
            </DropdownMenu.Item>
            {withRadio && song.genre && (
              <DropdownMenu.Item className="menu__item" onSelect={() => void actions.play(song.id, true)}>
                <Radio size={16} aria-hidden />
                Start {song.genre} radio
              </DropdownMenu.Item>
            )}
            {withLike && <LikeMenuItem songId={song.id} />}
            <DropdownMenu.Separator className="menu__separator" />
            <DropdownMenu.Sub>
              <DropdownMenu.SubTrigger className="menu__item">
                <ListPlus size={16} aria-hidden />
                Add to playlist
                <ChevronRight size={16} aria-hidden className="menu__item-end" />
              </DropdownMenu.SubTrigger>
              <DropdownMenu.Portal>
                <DropdownMenu.SubContent className="menu menu--scroll" sideOffset={4}>
                  <PlaylistChoices songIds={[song.id]} onNewPlaylist={newPlaylist.open} />
                </DropdownMenu.SubContent>
              </DropdownMenu.Portal>
            </DropdownMenu.Sub>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {newPlaylist.dialog}
    </>
  );
}

/** 'Add to playlist' for several songs at once (a library selection). */
export function AddSelectionToPlaylist({ songIds }: { songIds: readonly string[] }) {
  const newPlaylist = useNewPlaylistDialog(songIds);
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger className="page__button">
          <ListPlus aria-hidden size={16} />
          Add to playlist
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu menu--scroll" align="start" sideOffset={4}>
            <PlaylistChoices songIds={songIds} onNewPlaylist={newPlaylist.open} />
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {newPlaylist.dialog}
    </>
  );
}
