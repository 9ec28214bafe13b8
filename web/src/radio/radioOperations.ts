/** The radio GraphQL operations (typed by codegen, web/src/gql). */
import { graphql } from '../gql';

export const RADIO_STATION_FRAGMENT = graphql(`
  fragment RadioStationFields on RadioStation {
    id
    genre
    mood
    description
    songCount
    isActive
    displayOrder
    artUrl
    songsAvailable
    songsInMaking
  }
`);

export const RADIO_STATIONS_QUERY = graphql(`
  query RadioStations($includeInactive: Boolean!) {
    radioStations(includeInactive: $includeInactive) {
      ...RadioStationFields
    }
  }
`);

export const UPDATE_RADIO_STATION_MUTATION = graphql(`
  mutation UpdateRadioStation($id: ID!, $input: RadioStationInput!) {
    updateRadioStation(id: $id, input: $input) {
      ...RadioStationFields
    }
  }
`);

export const CREATE_RADIO_STATION_MUTATION = graphql(`
  mutation CreateRadioStation($input: NewRadioStationInput!) {
    createRadioStation(input: $input) {
      ...RadioStationFields
    }
  }
`);

export const PLAY_RADIO_STATION_MUTATION = graphql(`
  mutation PlayRadioStation($genre: String!) {
    playRadioStation(genre: $genre) {
      ...PlayerQueueFields
    }
  }
`);

export const RADIO_TUNING_FRAGMENT = graphql(`
  fragment RadioTuningFields on RadioTuning {
    genres
    moods
    energy
    tempoMin
    tempoMax
    freshness
  }
`);

export const RADIO_DIALS_QUERY = graphql(`
  query RadioDials {
    radioDials {
      genres
      moods
      defaults {
        ...RadioTuningFields
      }
    }
    queue {
      radioTuning {
        ...RadioTuningFields
      }
    }
  }
`);

export const TUNE_RADIO_MUTATION = graphql(`
  mutation TuneRadio($tuning: RadioTuningInput!) {
    tuneRadio(tuning: $tuning) {
      songsRequested
      songsInProgress
      note
      queue {
        ...PlayerQueueFields
      }
    }
  }
`);
