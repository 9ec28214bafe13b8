import { graphql } from '../gql';

export const USAGE_BREAKDOWN_QUERY = graphql(`
  query UsageBreakdown($month: String, $allUsers: Boolean) {
    usageBreakdown(month: $month, allUsers: $allUsers) {
      month
      timezone
      months
      allUsers
      costModel {
        cpuSecondPrice
        gbMonthPrice
        source
      }
      totals {
        generations
        audioSeconds
        cpuSeconds
        wallSeconds
        queueWaitSeconds
        retries
        storageBytes
        cost
      }
      days {
        date
        generations
        cpuSeconds
        cost
      }
      stages {
        stage
        cpuSeconds
        cost
      }
      genres {
        genre
        generations
        cost
      }
      topSongs {
        requestId
        title
        genre
        username
        createdAt
        cpuSeconds
        storageBytes
        cost
      }
      storage {
        bytes
        monthlyCost
      }
      users {
        userId
        username
        generations
        cpuSeconds
        storageBytes
        cost
      }
    }
  }
`);
