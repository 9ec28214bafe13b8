export { analyseSong, WAVEFORM_POINTS } from './analyse.js';
export { silenceRanges, silenceWindowSize, SILENCE_MERGE_SECONDS, SILENCE_MIN_SECONDS, SILENCE_THRESHOLD } from './silence.js';
