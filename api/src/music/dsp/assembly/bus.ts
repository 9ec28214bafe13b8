/**
 * Mix-bus stages that run on the summed song: the glue compressor (stereo-linked peak detector,
 * soft knee) and tape saturation with hiss. Both are stateful; the state goes in and comes back
 * through `state` so the song can be processed in segments.
 */

/** The gain computer runs every GAIN_STEP samples (on absolute indices): the envelope moves slowly and log/exp are the costly part. */
const GAIN_STEP_MASK = 7;
const DB_PER_NEPER = 20 / Math.LN10;

/** Envelope over inputGain * [left, right][0, n) without changing them (warm-up); returns the envelope. */
export function compressorFollow(left: usize, right: usize, n: i32, inputGain: f64, attack: f64, release: f64, envelope: f64): f64 {
  let env = envelope;
  for (let i = 0; i < n; i++) {
    const at = <usize>i << 2;
    const peak = max(Math.abs(<f64>load<f32>(left + at)), Math.abs(<f64>load<f32>(right + at))) * inputGain;
    env = peak > env ? attack * env + (1 - attack) * peak : release * env + (1 - release) * peak;
  }
  return env;
}

/**
 * Compresses inputGain * [left, right][0, n) in place. `absoluteFrom` is the song index of
 * sample 0, so the gain computer's steps fall on the same samples however the song is cut.
 * state[0] is the envelope and state[1] the current gain (f64), read and updated.
 */
export function compressorProcess(
  left: usize, right: usize, n: i32, inputGain: f64, absoluteFrom: i32, attack: f64, release: f64,
  thresholdDb: f64, kneeDb: f64, slope: f64, makeupDb: f64, state: usize,
): void {
  let env = load<f64>(state);
  let gain = load<f64>(state, 8);
  const halfKnee = kneeDb / 2;
  for (let i = 0; i < n; i++) {
    const at = <usize>i << 2;
    const l = <f64>load<f32>(left + at) * inputGain;
    const r = <f64>load<f32>(right + at) * inputGain;
    const peak = max(Math.abs(l), Math.abs(r));
    env = peak > env ? attack * env + (1 - attack) * peak : release * env + (1 - release) * peak;
    if (((absoluteFrom + i) & GAIN_STEP_MASK) == 0) {
      const over = DB_PER_NEPER * Math.log(max(env, 1e-12)) - thresholdDb;
      let reduction: f64 = 0;
      if (over >= halfKnee) reduction = over * slope;
      else if (over > -halfKnee) reduction = (slope * (over + halfKnee) * (over + halfKnee)) / (2 * kneeDb);
      gain = Math.exp((makeupDb - reduction) / DB_PER_NEPER);
    }
    store<f32>(left + at, <f32>(l * gain));
    store<f32>(right + at, <f32>(r * gain));
  }
  store<f64>(state, env);
  store<f64>(state, gain, 8);
}

@inline function softClip(x: f64): f64 {
  if (x > 3) return 1;
  if (x < -3) return -1;
  const x2 = x * x;
  return (x * (27 + x2)) / (27 + 9 * x2);
}

/**
 * Gentle tape saturation and hiss over [left, right][0, n) in place. `noiseState` is the xorshift32
 * state of the hiss (left then right, sample by sample); returns the state after the last sample.
 */
export function saturateAndHiss(left: usize, right: usize, n: i32, drive: f64, hiss: f64, noiseState: u32): u32 {
  const norm = 1 / softClip(drive);
  let x = noiseState;
  for (let i = 0; i < n; i++) {
    const at = <usize>i << 2;
    x ^= x << 13; x ^= x >>> 17; x ^= x << 5;
    const noiseL = <f64>x / 2147483648 - 1;
    x ^= x << 13; x ^= x >>> 17; x ^= x << 5;
    const noiseR = <f64>x / 2147483648 - 1;
    store<f32>(left + at, <f32>(softClip(<f64>load<f32>(left + at) * drive) * norm + noiseL * hiss));
    store<f32>(right + at, <f32>(softClip(<f64>load<f32>(right + at) * drive) * norm + noiseR * hiss));
  }
  return x;
}
