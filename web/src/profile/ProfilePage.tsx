import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useSearchParams } from 'react-router';
import { Avatar } from '../shell/Avatar';
import { SongList } from '../library/SongList';
import { ME_QUERY } from '../auth/session';
import { toast } from '../ui/toastStore';
import { messageOf } from '../ui/errorMessage';
import type { ProfileFieldsFragment, ProfileListsFieldsFragment } from '../gql/graphql';
import { LoadMore, useNextPage } from '../library/LoadMore';
import {
  MY_PROFILE_QUERY,
  PROFILE_PLAYLISTS_PAGE_QUERY,
  PROFILE_QUERY,
  PROFILE_SONGS_PAGE_QUERY,
  REMOVE_AVATAR_MUTATION,
  UPDATE_PROFILE_DETAILS_MUTATION,
} from './profileOperations';
import { AVATAR_TYPES, uploadAvatar } from './avatarUpload';
import '../ui/formPage.css';

/** Songs and playlists per page. */
export const PROFILE_PAGE_SIZES = { songsFirst: 30, playlistsFirst: 30 } as const;

/** /profile: your own profile; /profile?user=name: another user's public one (SPEC 2 has no route parameters). */
export function ProfilePage() {
  const [params] = useSearchParams();
  const username = params.get('user');
  return username ? <PublicProfile username={username} /> : <OwnProfile />;
}

function PublicProfile({ username }: { username: string }) {
  const { data, error } = useQuery(PROFILE_QUERY, { variables: { username, ...PROFILE_PAGE_SIZES } });
  if (error) return <p className="page__status" role="alert">{error.message}</p>;
  if (!data) return <p className="page__status">Loading profile…</p>;
  return <ProfileView profile={data.profile} />;
}

function OwnProfile() {
  const client = useApolloClient();
  const { data } = useQuery(MY_PROFILE_QUERY, { variables: PROFILE_PAGE_SIZES });
  const [saveDetails, { loading: saving }] = useMutation(UPDATE_PROFILE_DETAILS_MUTATION);
  const [removeAvatar] = useMutation(REMOVE_AVATAR_MUTATION, { refetchQueries: [ME_QUERY] });
  const [uploading, setUploading] = useState(false);
  if (!data) return <p className="page__status">Loading profile…</p>;
  const profile = data.myProfile;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploading(true);
    try {
      await uploadAvatar(file);
      // The user menu's avatar comes from the signed-in user.
      await client.refetchQueries({ include: [MY_PROFILE_QUERY, ME_QUERY] });
      toast({ title: 'Avatar updated' });
    } catch (error) {
      toast({ title: 'Avatar not uploaded', description: messageOf(error), variant: 'destructive' });
    } finally {
      setUploading(false);
    }
  };
  const onSave = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    try {
      await saveDetails({ variables: { displayName: String(form.get('displayName') ?? ''), bio: String(form.get('bio') ?? '') } });
      toast({ title: 'Profile saved' });
    } catch (error) {
      toast({ title: 'Profile not saved', description: messageOf(error), variant: 'destructive' });
    }
  };

  return (
    <ProfileView profile={profile}>
      <section className="form-page__section" aria-labelledby="profile-edit">
        <h2 id="profile-edit">Edit profile</h2>
        <div className="form-page__row">
          <label className="button">
            {uploading ? 'Uploading…' : 'Upload avatar'}
            <input type="file" accept={AVATAR_TYPES.join(',')} hidden disabled={uploading} onChange={(e) => void onFile(e)} aria-label="Avatar image" />
          </label>
          {profile.avatarUrl && (
            <button type="button" className="button" onClick={() => void removeAvatar().catch((error: unknown) => toast({ title: 'Avatar not removed', description: messageOf(error), variant: 'destructive' }))}>
              Use initial instead
            </button>
          )}
        </div>
        <p className="form-page__hint">PNG, JPEG or WebP, up to 5 MB; it is cropped to a square.</p>
        <form className="form-page__field" onSubmit={(e) => void onSave(e)}>
          <label className="form-page__field">
            Display name
            <input type="text" name="displayName" maxLength={50} defaultValue={profile.displayName ?? ''} />
          </label>
          <label className="form-page__field">
            Bio
            <textarea name="bio" maxLength={500} rows={3} defaultValue={profile.bio ?? ''} />
          </label>
          <button type="submit" className="button button--primary" disabled={saving}>
            Save profile
          </button>
        </form>
      </section>
    </ProfileView>
  );
}

/** The next page of the profile's songs or playlists, merged into the profile in the cache (by its user id). */
function useProfileNextPages(profile: ProfileFieldsFragment & ProfileListsFieldsFragment) {
  const client = useApolloClient();
  const { username } = profile;
  const { songsFirst, playlistsFirst } = PROFILE_PAGE_SIZES;
  return {
    songs: useNextPage(profile.songsConnection.pageInfo, (after) => client.query({ query: PROFILE_SONGS_PAGE_QUERY, variables: { username, first: songsFirst, after }, fetchPolicy: 'network-only' }), 'profile songs'),
    playlists: useNextPage(profile.playlistsConnection.pageInfo, (after) => client.query({ query: PROFILE_PLAYLISTS_PAGE_QUERY, variables: { username, first: playlistsFirst, after }, fetchPolicy: 'network-only' }), 'profile playlists'),
  };
}

function ProfileView({ profile, children }: { profile: ProfileFieldsFragment & ProfileListsFieldsFragment; children?: React.ReactNode }) {
  const { stats } = profile;
  const next = useProfileNextPages(profile);
  const songs = profile.songsConnection.edges.map((edge) => edge.node);
  const playlists = profile.playlistsConnection.edges.map((edge) => edge.node);
  return (
    <div className="form-page">
      <header className="form-page__row">
        <Avatar username={profile.username} avatarUrl={profile.avatarUrl} size={96} />
        <div>
          <h1>{profile.displayName ?? profile.username}</h1>
          <p className="form-page__hint">
            @{profile.username} · member since {new Date(profile.memberSince).toLocaleDateString()}
          </p>
          {profile.bio && <p>{profile.bio}</p>}
        </div>
      </header>
      <section className="form-page__section" aria-label="Stats">
        <dl className="form-page__row">
          <div>
            <dt className="form-page__hint">Songs created</dt>
            <dd>{stats.songsCreated}</dd>
          </div>
          <div>
            <dt className="form-page__hint">Plays</dt>
            <dd>{stats.plays}</dd>
          </div>
          <div>
            <dt className="form-page__hint">Likes received</dt>
            <dd>{stats.likesReceived}</dd>
          </div>
          <div>
            <dt className="form-page__hint">Top genres</dt>
            <dd>{stats.topGenres.length ? stats.topGenres.map((g) => g.genre).join(', ') : 'none yet'}</dd>
          </div>
        </dl>
      </section>
      {children}
      <section className="form-page__section" aria-labelledby="profile-songs">
        <h2 id="profile-songs">{profile.isOwn ? 'Your songs' : 'Public songs'}</h2>
        {songs.length ? <SongList songs={songs} label={`Songs by ${profile.username}`} /> : <p className="form-page__hint">No songs yet.</p>}
        <LoadMore loader={next.songs} label="More songs" />
      </section>
      <section className="form-page__section" aria-labelledby="profile-playlists">
        <h2 id="profile-playlists">{profile.isOwn ? 'Your playlists' : 'Public playlists'}</h2>
        {playlists.length ? (
          <ul>
            {playlists.map((p) => (
              <li key={p.id}>
                {p.name} ({p.songCount} {p.songCount === 1 ? 'song' : 'songs'})
              </li>
            ))}
          </ul>
        ) : (
          <p className="form-page__hint">No playlists yet.</p>
        )}
        <LoadMore loader={next.playlists} label="More playlists" />
      </section>
    </div>
  );
}
