/**
 * The one song menu, used wherever a song appears (library rows, playlist rows, queue rows, Now
 * Playing, the player bar), from its ⋯ button or a right-click on the row: play next, add to queue,
 * add to a playlist (or a new one); library rows add start radio and like, so on phones (where their
 * icons are hidden) every action stays one tap away. Given several songs (a library selection) it offers adding them all to a playlist.
 */
import { useState, type ReactElement, type ReactNode } from 'react';
import * as ContextMenu from '@radix-ui/react-context-menu';
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
import { contextKit, dropdownKit, type MenuKit } from './menuKit';
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
function LikeMenuItem({ songId, kit: Menu }: { songId: string; kit: MenuKit }) {
  const like = useLikeToggle(songId);
  return (
    <Menu.Item className="menu__item" disabled={like.busy} onSelect={() => void like.toggle()}>
      <Heart size={16} aria-hidden fill={like.liked ? 'currentColor' : 'none'} />
      {like.liked ? 'Remove from liked songs' : 'Add to liked songs'}
    </Menu.Item>
  );
}

interface SongMenuOptions {
  song: { id: string; title: string; genre?: string | null };
  /** Adds 'Start <genre> radio' (when the song has a genre). */
  withRadio?: boolean;
  /** Adds the like toggle. */
  withLike?: boolean;
}

/** The items of a song's menu, in whichever menu (dropdown or context) `kit` belongs to. */
function SongMenuItems({ song, withRadio = false, withLike = false, kit: Menu, onNewPlaylist }: SongMenuOptions & { kit: MenuKit; onNewPlaylist: () => void }) {
  const actions = useQueueActions();
  return (
    <>
      <Menu.Item
        className="menu__item"
        onSelect={() => void actions.playNext(song.id).then((ok) => ok && toast({ title: 'Playing next', description: song.title }))}
      >
        <ListEnd size={16} aria-hidden />
        Play next
      </Menu.Item>
      <Menu.Item
        className="menu__item"
        onSelect={() => void actions.enqueue(song.id).then((ok) => ok && toast({ title: 'Added to queue', description: song.title }))}
      >
        <ListPlus size={16} aria-hidden />
        Add to queue
      </Menu.Item>
      {withRadio && song.genre && (
        <Menu.Item className="menu__item" onSelect={() => void actions.play(song.id, true)}>
          <Radio size={16} aria-hidden />
          Start {song.genre} radio
        </Menu.Item>
      )}
      {withLike && <LikeMenuItem songId={song.id} kit={Menu} />}
      <Menu.Separator className="menu__separator" />
      <Menu.Sub>
        <Menu.SubTrigger className="menu__item">
          <ListPlus size={16} aria-hidden />
          Add to playlist
          <ChevronRight size={16} aria-hidden className="menu__item-end" />
        </Menu.SubTrigger>
        <Menu.Portal>
          <Menu.SubContent className="menu menu--scroll" sideOffset={4}>
            <PlaylistChoices songIds={[song.id]} onNewPlaylist={onNewPlaylist} kit={Menu} />
          </Menu.SubContent>
        </Menu.Portal>
      </Menu.Sub>
    </>
  );
}

/** The ⋯ menu of one song. */
export function SongMenu({ className, defaultOpen = false, ...options }: SongMenuOptions & { className?: string; defaultOpen?: boolean }) {
  const newPlaylist = useNewPlaylistDialog([options.song.id]);
  return (
    <>
      <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
        <DropdownMenu.Trigger asChild>
          <SongMenuButton songTitle={options.song.title} className={className} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu" align="end" sideOffset={4} collisionPadding={8}>
            <SongMenuItems {...options} kit={dropdownKit} onNewPlaylist={newPlaylist.open} />
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {newPlaylist.dialog}
    </>
  );
}

/**
 * The same menu on a right-click (or a long press) anywhere on `children`, a song's row or card,
 * opened where the pointer is, as in desktop music players.
 */
export function SongContextMenu({ children, ...options }: SongMenuOptions & { children: ReactElement }) {
  const newPlaylist = useNewPlaylistDialog([options.song.id]);
  return (
    <>
      <ContextMenu.Root modal={false}>
        <ContextMenu.Trigger asChild>{children}</ContextMenu.Trigger>
        <ContextMenu.Portal>
          <ContextMenu.Content className="menu" collisionPadding={8} aria-label={`Options for ${options.song.title}`}>
            <SongMenuItems {...options} kit={contextKit} onNewPlaylist={newPlaylist.open} />
          </ContextMenu.Content>
        </ContextMenu.Portal>
      </ContextMenu.Root>
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
            <PlaylistChoices songIds={songIds} onNewPlaylist={newPlaylist.open} kit={dropdownKit} />
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {newPlaylist.dialog}
    </>
  );
}
