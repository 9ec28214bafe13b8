/**
 * The choices of 'Add to playlist' inside a song menu: 'New playlist…' (asks for a name) and
 * the user's own playlists. `onNewPlaylist` opens the dialog, which lives outside the menu so it
 * stays open after the menu closes.
 */
import { useQuery } from '@apollo/client/react';
import { Plus } from 'lucide-react';
import { usePlaylistActions } from './usePlaylistActions';
import { PLAYLISTS_QUERY } from './playlistOperations';
import type { MenuKit } from './menuKit';
import '../ui/menu.css';

export function PlaylistChoices({
  songIds,
  onNewPlaylist,
  kit: Menu,
}: {
  songIds: readonly string[];
  onNewPlaylist: () => void;
  kit: MenuKit;
}) {
  const actions = usePlaylistActions();
  const { data } = useQuery(PLAYLISTS_QUERY, { fetchPolicy: 'cache-first' });
  const mine = (data?.playlists ?? []).filter((playlist) => playlist.isOwner);
  return (
    <>
      <Menu.Item className="menu__item" onSelect={onNewPlaylist}>
        <Plus size={16} aria-hidden />
        New playlist…
      </Menu.Item>
      {mine.length > 0 && <Menu.Separator className="menu__separator" />}
      {mine.map((playlist) => (
        <Menu.Item key={playlist.id} className="menu__item" onSelect={() => void actions.addSongs(playlist.id, songIds)}>
          {playlist.name}
        </Menu.Item>
      ))}
    </>
  );
}
