import { graphql } from '../gql';

export const ACCOUNT_QUERY = graphql(`
  query Account {
    me {
      id
      email
      hasAudioProviderKey
    }
    audioProviderKeyLast4
    activeSessions {
      id
      device
      ip
      lastSeenAt
      current
    }
  }
`);

export const CHANGE_PASSWORD_MUTATION = graphql(`
  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {
    changePassword(currentPassword: $currentPassword, newPassword: $newPassword)
  }
`);

export const CHANGE_EMAIL_MUTATION = graphql(`
  mutation ChangeEmail($currentPassword: String!, $email: String!) {
    changeEmail(currentPassword: $currentPassword, email: $email) {
      id
      email
    }
  }
`);

export const REVOKE_SESSION_MUTATION = graphql(`
  mutation RevokeSession($id: ID!) {
    revokeSession(id: $id)
  }
`);

export const SET_PROVIDER_KEY_MUTATION = graphql(`
  mutation SetAudioProviderKey($apiKey: String) {
    setAudioProviderKey(apiKey: $apiKey)
  }
`);

export const DELETE_ACCOUNT_MUTATION = graphql(`
  mutation DeleteAccount($currentPassword: String!) {
    deleteAccount(currentPassword: $currentPassword)
  }
`);

export const API_CREDENTIALS_QUERY = graphql(`
  query ApiCredentials {
    appPasswords {
      id
      name
      createdAt
      lastUsedAt
    }
    accessTokens {
      id
      name
      createdAt
      lastUsedAt
      last4
    }
  }
`);

export const CREATE_APP_PASSWORD_MUTATION = graphql(`
  mutation CreateAppPassword($name: String!) {
    createAppPassword(name: $name) {
      secret
      credential {
        id
      }
    }
  }
`);

export const REVOKE_APP_PASSWORD_MUTATION = graphql(`
  mutation RevokeAppPassword($id: ID!) {
    revokeAppPassword(id: $id)
  }
`);

export const CREATE_ACCESS_TOKEN_MUTATION = graphql(`
  mutation CreateAccessToken($name: String!) {
    createAccessToken(name: $name) {
      secret
      credential {
        id
      }
    }
  }
`);

export const REVOKE_ACCESS_TOKEN_MUTATION = graphql(`
  mutation RevokeAccessToken($id: ID!) {
    revokeAccessToken(id: $id)
  }
`);
