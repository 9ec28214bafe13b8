/**
 * Mix-bus stages that run on the summed song: the glue compressor (stereo-linked peak detector,
 * soft knee) and tape saturation with hiss. Both are stateful; the state goes in and comes back
 * through `state` so the song can be processed in segments.
 */

/**
 * The detector and gain computer run once per block of BLOCK samples on absolute song indices
 * (the envelope moves slowly, and log/exp are the costly part); a block's gain applies to its own
 * samples.
 */
const BLOCK = 8;
const DB_PER_NEPER = 20 / Math.LN10;

/** Largest |sample| of both channels over [at, at + count) (count <= BLOCK). */
@inline function blockPeak(left: usize, right: usize, at: i32, count: i32): f64 {
  let peak: f32 = 0;
  if (count == BLOCK) {
    const l = <usize>at << 2;
    const m = f32x4.max(f32x4.max(f32x4.abs(v128.load(left + l)), f32x4.abs(v128.load(left + l, 16))), f32x4.max(f32x4.abs(v128.load(right + l)), f32x4.abs(v128.load(right + l, 16))));
    peak = max(max(f32x4.extract_lane(m, 0), f32x4.extract_lane(m, 1)), max(f32x4.extract_lane(m, 2), f32x4.extract_lane(m, 3)));
  } else {
    for (let i = at; i < at + count; i++) peak = max(peak, max(Mathf.abs(load<f32>(left + (<usize>i << 2))), Mathf.abs(load<f32>(right + (<usize>i << 2)))));
  }
  return <f64>peak;
}

/** Per-sample smoothing coefficient raised to the block length. */
@inline function perBlock(coefficient: f64): f64 {
  const c2 = coefficient * coefficient;
  const c4 = c2 * c2;
  return c4 * c4;
}

@inline function follow(env: f64, peak: f64, attack: f64, release: f64): f64 {
  return peak > env ? attack * env + (1 - attack) * peak : release * env + (1 - release) * peak;
}

/**
 * Envelope over inputGain * [left, right][0, n) without changing them (warm-up); returns the
 * envelope. `absoluteFrom` is the song index of sample 0 (blocks follow the song's grid).
 */
export function compressorFollow(left: usize, right: usize, n: i32, absoluteFrom: i32, inputGain: f64, attack: f64, release: f64, envelope: f64): f64 {
  const att = perBlock(attack);
  const rel = perBlock(release);
  let env = envelope;
  for (let at = 0; at < n; ) {
    const count = min(n - at, BLOCK - ((absoluteFrom + at) & (BLOCK - 1)));
    env = follow(env, blockPeak(left, right, at, count) * inputGain, att, rel);
    at += count;
  }
  return env;
}

/**
 * Compresses inputGain * [left, right][0, n) in place. `absoluteFrom` is the song index of
 * sample 0, so blocks fall on the same samples however the song is cut. state[0] is the envelope
 * (f64), read and updated.
 */
export function compressorProcess(
  left: usize, right: usize, n: i32, inputGain: f64, absoluteFrom: i32, attack: f64, release: f64,
  thresholdDb: f64, kneeDb: f64, slope: f64, makeupDb: f64, state: usize,
): void {
  const att = perBlock(attack);
  const rel = perBlock(release);
  let env = load<f64>(state);
  const halfKnee = kneeDb / 2;
  for (let at = 0; at < n; ) {
    const count = min(n - at, BLOCK - ((absoluteFrom + at) & (BLOCK - 1)));
    env = follow(env, blockPeak(left, right, at, count) * inputGain, att, rel);
    // f32 log and exp: a gain needs no more precision, and they cost a fraction of the f64 ones.
    const over = DB_PER_NEPER * <f64>Mathf.log(<f32>max(env, 1e-12)) - thresholdDb;
    let reduction: f64 = 0;
    if (over >= halfKnee) reduction = over * slope;
    else if (over > -halfKnee) reduction = (slope * (over + halfKnee) * (over + halfKnee)) / (2 * kneeDb);
    const gain = <f32>inputGain * Mathf.exp(<f32>((makeupDb - reduction) / DB_PER_NEPER));
    const g = f32x4.splat(gain);
    if (count == BLOCK) {
      const l = <usize>at << 2;
      v128.store(left + l, f32x4.mul(v128.load(left + l), g));
      v128.store(left + l, f32x4.mul(v128.load(left + l, 16), g), 16);
      v128.store(right + l, f32x4.mul(v128.load(right + l), g));
      v128.store(right + l, f32x4.mul(v128.load(right + l, 16), g), 16);
    } else {
      for (let i = at; i < at + count; i++) {
        store<f32>(left + (<usize>i << 2), load<f32>(left + (<usize>i << 2)) * gain);
        store<f32>(right + (<usize>i << 2), load<f32>(right + (<usize>i << 2)) * gain);
      }
    }
    at += count;
  }
  store<f64>(state, env);
}

/**
 * x(27 + x^2) / (27 + 9x^2) with x clamped to [-3, 3] (where the curve reaches +-1 with zero
 * slope, so the clamp is exact; min/max instead of branches, which audio mispredicts).
 */
@inline function softClip(x: f64): f64 {
  const c = min(max(x, -3), 3);
  const c2 = c * c;
  return (c * (27 + c2)) / (27 + 9 * c2);
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
