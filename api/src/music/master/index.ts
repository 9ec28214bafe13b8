export { masterAudio, TARGET_LUFS, type MasterOptions } from './master.js';
export { integratedLoudness, kWeightedPower, type BlockPower } from './loudness.js';
export { truePeakDbtp, channelTruePeak } from './true-peak.js';
export { DEFAULT_LIMITER, type LimiterSettings } from './limiter.js';
