import { graphql } from '../gql';
import { authRequestErrorFrom } from '../auth/authErrors';

export const PRODUCTION_SYNC_LIST_FRAGMENT = graphql(`
  fragment ProductionSyncListFields on ProductionSyncList {
    total
    songs {
      songId
      productionId
      title
      artist
      genre
      owner
      changedAt
      transferredAt
      publishable
    }
  }
`);

export const PRODUCTION_SYNC_QUERY = graphql(`
  query ProductionSync {
    productionSync(first: 100) {
      newSongs {
        ...ProductionSyncListFields
      }
      changedSongs {
        ...ProductionSyncListFields
      }
      deletedSongs {
        ...ProductionSyncListFields
      }
      inSyncSongs {
        ...ProductionSyncListFields
      }
      run {
        id
        status
        total
        transferred
        error
        startedBy
        startedAt
        finishedAt
      }
    }
  }
`);

export const TRANSFER_TO_PRODUCTION_MUTATION = graphql(`
  mutation TransferToProduction($songIds: [ID!]!) {
    transferToProduction(songIds: $songIds) {
      added
      updated
    }
  }
`);

export const START_PRODUCTION_TRANSFER_MUTATION = graphql(`
  mutation StartProductionTransfer {
    startProductionTransfer {
      id
      status
    }
  }
`);

export const UNPUBLISH_PRODUCTION_SONGS_MUTATION = graphql(`
  mutation UnpublishProductionSongs($productionIds: [ID!]!) {
    unpublishProductionSongs(productionIds: $productionIds)
  }
`);

/** Where the production catalogue downloads as a .tar.gz (admins only, checked by the server). */
export const CATALOGUE_EXPORT_URL = '/api/admin/production/export';

export interface ImportSummary {
  imported: number;
  skipped: number;
  renamed: Array<{ from: string; to: string }>;
  files: number;
}

/** Uploads a catalogue archive as the body of the import call; a refusal reads 'status: message' (SPEC 8). */
export async function importCatalogue(file: File): Promise<ImportSummary> {
  const response = await fetch('/api/admin/production/import', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/gzip', Accept: 'application/json' },
    body: file,
  });
  if (!response.ok) throw await authRequestErrorFrom(response);
  return (await response.json()) as ImportSummary;
}
