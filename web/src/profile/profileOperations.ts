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
    songs {
      ...LibrarySongFields
    }
    playlists {
      id
      name
      songCount
    }
  }
`);

export const MY_PROFILE_QUERY = graphql(`
  query MyProfile {
    myProfile {
      ...ProfileFields
    }
  }
`);

export const PROFILE_QUERY = graphql(`
  query PublicProfile($username: String!) {
    profile(username: $username) {
      ...ProfileFields
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
