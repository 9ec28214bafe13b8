/**
 * The vocal chain on one sung voice, in place: a de-esser (the band above 5 kHz turned down
 * while it is loud, so synthesised "s" and "t" do not hiss over the band) and a compressor that
 * evens out loud and soft syllables, as on any produced vocal. Runs per phrase: the voice is
 * silent between phrases, so the detectors start from rest at each.
 */

const DE_ESS_HZ = 5000;
/** Sibilance level (linear, the voice peaks near 0.3) above which the high band is turned down. */
const DE_ESS_THRESHOLD = 0.025;
const COMPRESSOR = { thresholdDb: -24, ratio: 3, attack: 0.005, release: 0.1 };
const GAIN_BLOCK = 16;

/** Turns the band above DE_ESS_HZ down in proportion to how far its envelope exceeds the threshold. */
export function deEss(x: Float32Array, sampleRate: number): void {
  // RBJ high-pass, Q = 0.707.
  const w0 = (2 * Math.PI * DE_ESS_HZ) / sampleRate;
  const alpha = Math.sin(w0) / (2 * Math.SQRT1_2);
  const cos = Math.cos(w0);
  const a0 = 1 + alpha;
  const b0 = (1 + cos) / 2 / a0, b1 = -(1 + cos) / a0, b2 = (1 + cos) / 2 / a0, a1 = (-2 * cos) / a0, a2 = (1 - alpha) / a0;
  const attack = Math.exp(-1 / (0.001 * sampleRate));
  const release = Math.exp(-1 / (0.04 * sampleRate));
  let x1 = 0, x2 = 0, y1 = 0, y2 = 0, envelope = 0;
  for (let i = 0; i < x.length; i++) {
    const input = x[i];
    const high = b0 * input + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
    x2 = x1; x1 = input;
    y2 = y1; y1 = high;
    const level = Math.abs(high);
    envelope = level + (envelope - level) * (level > envelope ? attack : release);
    const gain = envelope > DE_ESS_THRESHOLD ? DE_ESS_THRESHOLD / envelope : 1;
    x[i] = input - high * (1 - gain);
  }
}

/** Feed-forward compressor with an RMS-like detector; the gain is computed once per GAIN_BLOCK samples. */
export function compress(x: Float32Array, sampleRate: number): void {
  const attack = Math.exp(-1 / (COMPRESSOR.attack * sampleRate));
  const release = Math.exp(-1 / (COMPRESSOR.release * sampleRate));
  const threshold = Math.pow(10, COMPRESSOR.thresholdDb / 10);
  const slope = (1 - 1 / COMPRESSOR.ratio) / 2;
  let power = 0;
  let gain = 1;
  for (let i = 0; i < x.length; i++) {
    const p = x[i] * x[i];
    power = p + (power - p) * (p > power ? attack : release);
    // Gain in the power domain, (power / threshold) ^ -slope above the threshold; 0.36 ms steps are inaudible.
    if ((i & (GAIN_BLOCK - 1)) === 0) gain = power > threshold ? Math.pow(power / threshold, -slope) : 1;
    x[i] *= gain;
  }
}

export function vocalChain(x: Float32Array, sampleRate: number): Float32Array {
  deEss(x, sampleRate);
  compress(x, sampleRate);
  return x;
}
