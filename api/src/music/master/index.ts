export { masterAudio, TARGET_LUFS, type MasterOptions } from './master.js';
export { integratedLoudness, blockMeanSquares, gatedLoudness, kWeightedPower, type BlockPower } from './loudness.js';
export { truePeakDbtp, channelTruePeak } from './true-peak.js';
export { limitTruePeak, limiterGainCurve, truePeakEnvelope, applyGain, DEFAULT_LIMITER, type LimiterSettings } from './limiter.js';
