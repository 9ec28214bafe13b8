export { analyseSong, energyCurve, waveformPeaks, WAVEFORM_POINTS } from './analyse.js';
export { detectSilence, SILENCE_MERGE_SECONDS, SILENCE_MIN_SECONDS, SILENCE_THRESHOLD } from './silence.js';
