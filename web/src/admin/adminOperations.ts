import { graphql } from '../gql';

export const ADMIN_OVERVIEW_QUERY = graphql(`
  query AdminOverview {
    adminOverview {
      users
      songs
      generationsToday
      generationsThisMonth
      failuresToday
      queueDepth {
        status
        count
      }
      workers {
        id
        host
        pid
        concurrency
        jobsRunning
        engineVersion
        lastHeartbeatAt
      }
      completedLastHour
      mediaBytes
      databaseBytes
      postgres {
        status
        detail
      }
      redis {
        status
        detail
      }
      appVersion
      generatedAt
    }
  }
`);

export const ADMIN_USER_FIELDS_FRAGMENT = graphql(`
  fragment AdminUserFields on AdminUser {
    id
    username
    email
    userTier
    monthlyGenerationLimit
    canGenerateMusic
    canManageSongs
    canAccessAdmin
    canAccessDJ
    adminOverride
    isAdmin
    disabled
    createdAt
  }
`);

export const ADMIN_USERS_QUERY = graphql(`
  query AdminUsers($search: String, $first: Int, $offset: Int) {
    adminUsers(search: $search, first: $first, offset: $offset) {
      total
      users {
        ...AdminUserFields
      }
    }
  }
`);

export const UPDATE_USER_RIGHTS_MUTATION = graphql(`
  mutation UpdateUserRights($id: ID!, $changes: AdminUserChangesInput!) {
    updateUserRights(id: $id, changes: $changes) {
      ...AdminUserFields
    }
  }
`);

export const SET_USER_DISABLED_MUTATION = graphql(`
  mutation SetUserDisabled($id: ID!, $disabled: Boolean!) {
    setUserDisabled(id: $id, disabled: $disabled) {
      ...AdminUserFields
    }
  }
`);

export const FORCE_PASSWORD_RESET_MUTATION = graphql(`
  mutation ForcePasswordReset($id: ID!) {
    forcePasswordReset(id: $id) {
      temporaryPassword
      user {
        ...AdminUserFields
      }
    }
  }
`);

export const ADMIN_GENERATIONS_QUERY = graphql(`
  query AdminGenerations($status: String, $username: String, $first: Int, $after: String) {
    adminGenerations(status: $status, username: $username, first: $first, after: $after) {
      nodes {
        username
        priority
        request {
          ...GenerationFields
        }
      }
      endCursor
      hasNextPage
    }
  }
`);

export const ADMIN_CANCEL_GENERATION_MUTATION = graphql(`
  mutation AdminCancelGeneration($id: ID!) {
    adminCancelGeneration(id: $id) {
      priority
    }
  }
`);

export const ADMIN_RETRY_GENERATION_MUTATION = graphql(`
  mutation AdminRetryGeneration($id: ID!) {
    adminRetryGeneration(id: $id) {
      priority
    }
  }
`);

export const SET_GENERATION_PRIORITY_MUTATION = graphql(`
  mutation SetGenerationPriority($id: ID!, $priority: Int!) {
    setGenerationPriority(id: $id, priority: $priority) {
      priority
    }
  }
`);

export const MODERATION_QUEUE_QUERY = graphql(`
  query ModerationQueue($status: String) {
    moderationQueue(status: $status) {
      id
      songId
      songTitle
      songArtist
      songModerationStatus
      highlightedLyrics {
        text
        flagged
      }
      flaggedFor
      flaggedWords
      status
      moderatorNotes
      reviewedBy
      reviewedAt
      createdAt
      analysis {
        language
        contentRating
        sentiment
        sentimentScore
        keywords
        themes
        emotionalTones
        offensiveWords
        analysisConfidence
      }
    }
  }
`);

export const REVIEW_MODERATION_MUTATION = graphql(`
  mutation ReviewModeration($id: ID!, $decision: String!, $notes: String, $regeneration: RegenerationInput) {
    reviewModeration(id: $id, decision: $decision, notes: $notes, regeneration: $regeneration) {
      id
      status
      moderatorNotes
      reviewedBy
      reviewedAt
      songModerationStatus
    }
  }
`);

export const REGENERATION_REQUESTS_QUERY = graphql(`
  query RegenerationRequests($status: String) {
    regenerationRequests(status: $status) {
      id
      status
      error
      wordsToEliminate
      replacementWords {
        word
        replacement
      }
      preservedElements
      replacedWords {
        word
        replacement
      }
      decision
      decidedBy
      decidedAt
      requestedBy
      createdAt
      completedAt
      originalSong {
        id
        title
        audioUrl
        lyrics
      }
      newSong {
        id
        title
        audioUrl
        lyrics
      }
    }
  }
`);

export const DECIDE_REGENERATION_MUTATION = graphql(`
  mutation DecideRegeneration($id: ID!, $decision: String!) {
    decideRegeneration(id: $id, decision: $decision) {
      id
      decision
    }
  }
`);

export const ADMIN_AUDIT_LOG_QUERY = graphql(`
  query AdminAuditLog($first: Int, $offset: Int) {
    adminAuditLog(first: $first, offset: $offset) {
      total
      entries {
        id
        actor
        action
        targetType
        targetId
        before
        after
        createdAt
      }
    }
  }
`);
