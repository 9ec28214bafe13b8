import type { SmartRules } from './smart-rules.js';

/** The starting points the page offers a new user (issue 13); each is tested against known rows. */
export const SMART_PLAYLIST_PRESETS: ReadonlyArray<{ name: string; description: string; rules: SmartRules }> = [
  {
    name: 'Recently added',
    description: 'Songs added in the last 30 days, newest first.',
    rules: { all: [{ field: 'createdAt', operator: 'inTheLast', value: 30 }], sort: [{ field: 'createdAt', order: 'desc' }], limit: 100 },
  },
  {
    name: 'Most played',
    description: 'What you play most.',
    rules: { all: [{ field: 'playCount', operator: 'gt', value: 0 }], sort: [{ field: 'playCount', order: 'desc' }, { field: 'lastPlayed', order: 'desc' }], limit: 50 },
  },
  {
    name: 'Liked this month',
    description: 'Songs you liked in the last 30 days.',
    rules: { all: [{ field: 'liked', operator: 'inTheLast', value: 30 }], sort: [{ field: 'liked', order: 'desc' }] },
  },
  {
    name: 'Never played',
    description: "Songs you haven't played yet.",
    rules: { all: [{ field: 'playCount', operator: 'is', value: 0 }], sort: 'random', limit: 100 },
  },
  {
    name: 'High energy',
    description: 'Energy above 0.7 and faster than 120 BPM.',
    rules: { all: [{ field: 'energy', operator: 'gt', value: 0.7 }, { field: 'bpm', operator: 'gt', value: 120 }], sort: [{ field: 'energy', order: 'desc' }] },
  },
  {
    name: 'Calm evening',
    description: 'Peaceful or chill, slower than 95 BPM.',
    rules: {
      all: [{ any: [{ field: 'mood', operator: 'is', value: 'peaceful' }, { field: 'mood', operator: 'is', value: 'chill' }] }, { field: 'bpm', operator: 'lt', value: 95 }],
      sort: [{ field: 'bpm', order: 'asc' }],
    },
  },
];
