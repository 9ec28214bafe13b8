import { graphql } from '../gql';

export const PROFILE_FIELDS = graphql(`
  fragment ProfileFields on Profile {
    userId
    username
    displayName
    bio
    avatarUrl
    avatarSmallUrl
    isOwn
    memberSince
    stats {
      songsCreated
      plays
      likesReceived
      topGenres {
        genre
        songs
      }
    }
  }
`);

/** The first pages of the profile's songs and playlists (the next ones: PROFILE_SONGS_PAGE_QUERY, PROFILE_PLAYLISTS_PAGE_QUERY). */
export const PROFILE_LISTS_FIELDS = graphql(`
  fragment ProfileListsFields on Profile {
    userId
    songsConnection(first: $songsFirst) {
      ...LibrarySongPage
    }
    playlistsConnection(first: $playlistsFirst) {
      ...ProfilePlaylistsPage
    }
  }
`);

export const PROFILE_PLAYLISTS_PAGE_FIELDS = graphql(`
  fragment ProfilePlaylistsPage on PlaylistConnection {
    edges {
      cursor
      node {
        id
        name
        songCount
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
`);

export const MY_PROFILE_QUERY = graphql(`
  query MyProfile($songsFirst: Int!, $playlistsFirst: Int!) {
    myProfile {
      ...ProfileFields
      ...ProfileListsFields
    }
  }
`);

export const PROFILE_QUERY = graphql(`
  query PublicProfile($username: String!, $songsFirst: Int!, $playlistsFirst: Int!) {
    profile(username: $username) {
      ...ProfileFields
      ...ProfileListsFields
    }
  }
`);

/** The next songs of a profile (its own user's too, by user name): merged into the profile in the cache. */
export const PROFILE_SONGS_PAGE_QUERY = graphql(`
  query ProfileSongsPage($username: String!, $first: Int!, $after: String) {
    profile(username: $username) {
      userId
      songsConnection(first: $first, after: $after) {
        ...LibrarySongPage
      }
    }
  }
`);

export const PROFILE_PLAYLISTS_PAGE_QUERY = graphql(`
  query ProfilePlaylistsPage($username: String!, $first: Int!, $after: String) {
    profile(username: $username) {
      userId
      playlistsConnection(first: $first, after: $after) {
        ...ProfilePlaylistsPage
      }
    }
  }
`);

export const UPDATE_PROFILE_DETAILS_MUTATION = graphql(`
  mutation UpdateProfileDetails($displayName: String, $bio: String) {
    updateProfileDetails(displayName: $displayName, bio: $bio) {
      ...ProfileFields
    }
  }
`);

export const REMOVE_AVATAR_MUTATION = graphql(`
  mutation RemoveAvatar {
    removeAvatar {
      ...ProfileFields
    }
  }
`);
