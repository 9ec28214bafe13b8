/** Mood & Time GraphQL operations (typed by codegen, web/src/gql). */
import { graphql } from '../gql';

export const ENERGY_CURVES_FRAGMENT = graphql(`
  fragment EnergyCurvesFields on EnergyCurves {
    perWeekday
    everyDay {
      hour
      energy
    }
    weekdays {
      monday { hour energy }
      tuesday { hour energy }
      wednesday { hour energy }
      thursday { hour energy }
      friday { hour energy }
      saturday { hour energy }
      sunday { hour energy }
    }
    moods {
      morning
      afternoon
      evening
      night
    }
  }
`);

export const SCHEDULE_OVERRIDE_FRAGMENT = graphql(`
  fragment ScheduleOverrideFields on ScheduleOverride {
    id
    name
    description
    energyLevel
    preferredMoods
    startDate
    endDate
    startTime
    endTime
    isActive
  }
`);

export const MOOD_TIME_QUERY = graphql(`
  query MoodTime {
    energySchedule {
      isDefault
      timezone
      curves {
        ...EnergyCurvesFields
      }
    }
    energySchedulePresets {
      id
      name
      description
      curves {
        ...EnergyCurvesFields
      }
    }
    scheduleOverrides {
      ...ScheduleOverrideFields
    }
    radioDials {
      moods
    }
  }
`);

export const ENERGY_NOW_QUERY = graphql(`
  query EnergyNow($timezone: String) {
    energyNow(timezone: $timezone) {
      energy
      moods
      source
      explanation
    }
  }
`);

export const SAVE_ENERGY_SCHEDULE_MUTATION = graphql(`
  mutation SaveEnergySchedule($curves: EnergyCurvesInput!, $timezone: String) {
    saveEnergySchedule(curves: $curves, timezone: $timezone) {
      isDefault
      timezone
      curves {
        ...EnergyCurvesFields
      }
    }
  }
`);

export const CREATE_OVERRIDE_MUTATION = graphql(`
  mutation CreateScheduleOverride($input: ScheduleOverrideInput!) {
    createScheduleOverride(input: $input) {
      ...ScheduleOverrideFields
    }
  }
`);

export const UPDATE_OVERRIDE_MUTATION = graphql(`
  mutation UpdateScheduleOverride($id: ID!, $input: ScheduleOverrideInput!) {
    updateScheduleOverride(id: $id, input: $input) {
      ...ScheduleOverrideFields
    }
  }
`);

export const SET_OVERRIDE_ACTIVE_MUTATION = graphql(`
  mutation SetScheduleOverrideActive($id: ID!, $isActive: Boolean!) {
    setScheduleOverrideActive(id: $id, isActive: $isActive) {
      ...ScheduleOverrideFields
    }
  }
`);

export const DELETE_OVERRIDE_MUTATION = graphql(`
  mutation DeleteScheduleOverride($id: ID!) {
    deleteScheduleOverride(id: $id)
  }
`);

export const ENERGY_SCHEDULE_PRESETS_QUERY = graphql(`
  query EnergySchedulePresets {
    energySchedulePresets {
      id
      displayOrder
      name
      description
      curves {
        ...EnergyCurvesFields
      }
    }
    energySchedule {
      curves {
        ...EnergyCurvesFields
      }
    }
  }
`);

export const CREATE_ENERGY_SCHEDULE_PRESET_MUTATION = graphql(`
  mutation CreateEnergySchedulePreset($input: EnergySchedulePresetInput!) {
    createEnergySchedulePreset(input: $input) {
      id
    }
  }
`);

export const UPDATE_ENERGY_SCHEDULE_PRESET_MUTATION = graphql(`
  mutation UpdateEnergySchedulePreset($id: ID!, $input: EnergySchedulePresetInput!) {
    updateEnergySchedulePreset(id: $id, input: $input) {
      id
      displayOrder
      name
      description
    }
  }
`);

export const DELETE_ENERGY_SCHEDULE_PRESET_MUTATION = graphql(`
  mutation DeleteEnergySchedulePreset($id: ID!) {
    deleteEnergySchedulePreset(id: $id)
  }
`);
