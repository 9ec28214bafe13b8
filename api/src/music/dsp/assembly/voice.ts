/**
 * The singing voice's sample loop (vocals/singer.ts computes everything per control block): an LF
 * pulse table read at the sung pitch with period jitter, aspiration and frication noise
 * (xorshift32), five cascaded formant resonators and the frication band-pass, in f64. Each
 * resonator adds its own feedback (b*y1 + c*y2, known before the sample arrives) to its input
 * term last: the cascade is a chain of five dependent resonators per sample, and that order
 * leaves one multiply and one add per stage on the chain instead of a multiply and two adds.
 */

/** f64 values per control block in `blockParams`: see the loads below. */
export const VOICE_BLOCK_PARAMS: i32 = 16;

/**
 * Sings `blocks` control blocks of `blockLength` samples into `out` (f32). `jitter` holds the
 * period scale (f64) for each new period in turn; `state` (f64 x 2) holds the noise state as its
 * first value (read and written back, so the caller's breath continues the stream) and receives
 * nothing else.
 */
export function singVoice(
  out: usize, blocks: i32, blockLength: i32, blockParams: usize, table: usize, tableSize: i32, jitter: usize, state: usize,
  a4: f64, b4: f64, c4: f64, a5: f64, b5: f64, c5: f64, presence: f64, airflow: f64,
): void {
  let noise = <u32>load<f64>(state);
  let p11: f64 = 0, p12: f64 = 0, p21: f64 = 0, p22: f64 = 0, p31: f64 = 0, p32: f64 = 0, p41: f64 = 0, p42: f64 = 0, p51: f64 = 0, p52: f64 = 0;
  let fx1: f64 = 0, fx2: f64 = 0, fy1: f64 = 0, fy2: f64 = 0;
  let x1: f64 = 0;
  let phase: f64 = 0;
  let periodScale: f64 = 1;
  let nextJitter: usize = jitter;
  const size = <f64>tableSize;
  for (let b = 0; b < blocks; b++) {
    const p = blockParams + ((<usize>b * <usize>VOICE_BLOCK_PARAMS) << 3);
    const a1 = load<f64>(p), b1 = load<f64>(p, 8), c1 = load<f64>(p, 16);
    const a2 = load<f64>(p, 24), b2 = load<f64>(p, 32), c2 = load<f64>(p, 40);
    const a3 = load<f64>(p, 48), b3 = load<f64>(p, 56), c3 = load<f64>(p, 64);
    const fb0 = load<f64>(p, 72), fa1 = load<f64>(p, 80), fa2 = load<f64>(p, 88);
    const voicing = load<f64>(p, 96), aspiration = load<f64>(p, 104), frication = load<f64>(p, 112), increment = load<f64>(p, 120);
    const end = (b + 1) * blockLength;
    for (let i = b * blockLength; i < end; i++) {
      phase += increment * periodScale;
      if (phase >= 1) {
        phase -= 1;
        periodScale = load<f64>(nextJitter);
        nextJitter += 8;
      }
      const at = phase * size;
      const k = <i32>at;
      const t0 = <f64>load<f32>(table + (<usize>k << 2));
      const t1 = <f64>load<f32>(table + (<usize>k << 2), 4);
      const pulse = t0 + (t1 - t0) * (at - <f64>k);
      noise ^= noise << 13;
      noise ^= noise >> 17;
      noise ^= noise << 5;
      const n1 = <f64>noise / 2147483648 - 1;
      noise ^= noise << 13;
      noise ^= noise >> 17;
      noise ^= noise << 5;
      const n2 = <f64>noise / 2147483648 - 1;
      // Aspiration is louder while the folds are open (the first half of the period).
      const x = pulse * voicing + n1 * aspiration * (phase < 0.5 ? 1 : 0.4);
      const y1 = a1 * x + (b1 * p11 + c1 * p12);
      p12 = p11; p11 = y1;
      const y2 = a2 * y1 + (b2 * p21 + c2 * p22);
      p22 = p21; p21 = y2;
      const y3 = a3 * y2 + (b3 * p31 + c3 * p32);
      p32 = p31; p31 = y3;
      const y4 = a4 * y3 + (b4 * p41 + c4 * p42);
      p42 = p41; p41 = y4;
      const y5 = a5 * y4 + (b5 * p51 + c5 * p52);
      p52 = p51; p51 = y5;
      const fy = fb0 * (n2 - fx2) - fa1 * fy1 - fa2 * fy2;
      fx2 = fx1; fx1 = n2;
      fy2 = fy1; fy1 = fy;
      // The source's first difference straight to the output: what the cascade's poles leave above F5.
      const air = (x - x1) * airflow;
      x1 = x;
      store<f32>(out + (<usize>i << 2), <f32>(y5 + (y5 - p52) * presence + air + fy * frication));
    }
    // Silence between notes decays the filters towards subnormal numbers, which are slow.
    if (Math.abs(p51) < 1e-20 && Math.abs(p11) < 1e-20) p11 = p12 = p21 = p22 = p31 = p32 = p41 = p42 = p51 = p52 = 0;
  }
  store<f64>(state, <f64>noise);
}

/**
 * The vocal chain's de-esser on x[0, n) in place: a high-pass (b0..a2) isolates the sibilance
 * band, whose envelope (attack/release per sample) above `threshold` turns that band down.
 */
export function deEss(x: usize, n: i32, b0: f64, b1: f64, b2: f64, a1: f64, a2: f64, attack: f64, release: f64, threshold: f64): void {
  let x1: f64 = 0, x2: f64 = 0, y1: f64 = 0, y2: f64 = 0, envelope: f64 = 0;
  for (let i = 0; i < n; i++) {
    const at = x + (<usize>i << 2);
    const input = <f64>load<f32>(at);
    const high = b0 * input + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
    x2 = x1; x1 = input;
    y2 = y1; y1 = high;
    const level = Math.abs(high);
    envelope = level + (envelope - level) * (level > envelope ? attack : release);
    const gain = envelope > threshold ? threshold / envelope : 1;
    store<f32>(at, <f32>(input - high * (1 - gain)));
  }
}

/**
 * The vocal chain's compressor on x[0, n) in place: a power detector (attack/release per sample),
 * with the gain, (power / threshold) ^ -slope above the threshold, computed every `gainBlock`
 * samples (a power of two).
 */
export function compressVoice(x: usize, n: i32, attack: f64, release: f64, threshold: f64, slope: f64, gainBlock: i32): void {
  let power: f64 = 0;
  let gain: f64 = 1;
  const mask = gainBlock - 1;
  for (let i = 0; i < n; i++) {
    const at = x + (<usize>i << 2);
    const v = <f64>load<f32>(at);
    const p = v * v;
    power = p + (power - p) * (p > power ? attack : release);
    if ((i & mask) == 0) gain = power > threshold ? Math.pow(power / threshold, -slope) : 1;
    store<f32>(at, <f32>(v * gain));
  }
}
