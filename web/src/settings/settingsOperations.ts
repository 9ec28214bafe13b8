import { graphql } from '../gql';

export const PREFERENCES_FIELDS = graphql(`
  fragment PreferencesFields on Preferences {
    theme
    shuffleEnabled
    repeatMode
    crossfadeEnabled
    crossfadeDuration
    mixTightness
    preferredGenres
    preferredMoods
  }
`);

export const PREFERENCES_QUERY = graphql(`
  query Preferences {
    preferences {
      ...PreferencesFields
    }
  }
`);

export const UPDATE_PREFERENCES_MUTATION = graphql(`
  mutation UpdatePreferences($input: PreferencesInput!) {
    updatePreferences(input: $input) {
      ...PreferencesFields
    }
  }
`);

export const PREFERENCES_CHANGED_SUBSCRIPTION = graphql(`
  subscription PreferencesChanged {
    preferencesChanged {
      ...PreferencesFields
    }
  }
`);

export const GENERATION_DEFAULTS_QUERY = graphql(`
  query GenerationDefaults {
    me {
      id
      defaultDuration
      generateAlbumArt
      generateLyrics
    }
  }
`);

export const UPDATE_GENERATION_DEFAULTS_MUTATION = graphql(`
  mutation UpdateGenerationDefaults($input: ProfileInput!) {
    updateProfile(input: $input) {
      id
      defaultDuration
      generateAlbumArt
      generateLyrics
    }
  }
`);
