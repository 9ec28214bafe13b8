// Stands in for src/shell/Layout when src/app/AppRoutes imports it (see playbackApp.ts).
export { PlaybackLayout as Layout } from '../src/playbackShell/PlaybackLayout';
