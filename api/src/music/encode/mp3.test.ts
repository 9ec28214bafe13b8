import { MPEGDecoder } from 'mpg123-decoder';
import { afterAll, describe, expect, it } from 'vitest';
import type { StereoAudio } from '../types.js';
import { EnginePool } from '../render/worker-pool.js';
import { encodePcm } from './lame.js';
import { encodeMp3, encodeMp3Stream, planEncodeChunks } from './mp3.js';
import { Mp3Repacker, parseFrameHeader, parseMp3Frames, SAMPLES_PER_FRAME, type Mp3Frame } from './mp3-frames.js';

const SR = 44100;
const pool = new EnginePool(2);
afterAll(() => pool.close());

/** A few seconds of chords with a moving melody and noise bursts: exercises the bit reservoir. */
function testSignal(seconds: number): StereoAudio {
  const n = Math.round(seconds * SR);
  const left = new Float32Array(n);
  const right = new Float32Array(n);
  let seed = 12345;
  for (let i = 0; i < n; i++) {
    const t = i / SR;
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    const burst = Math.floor(t * 4) % 3 === 0 ? (seed / 2 ** 32 - 0.5) * 0.3 : 0;
    const melody = 0.2 * Math.sin(2 * Math.PI * (440 + 220 * Math.sin(t * 1.3)) * t);
    left[i] = 0.2 * Math.sin(2 * Math.PI * 220 * t) + melody + burst;
    right[i] = 0.2 * Math.sin(2 * Math.PI * 277.2 * t) + melody - burst;
  }
  return { sampleRate: SR, left, right };
}

async function decode(mp3: Uint8Array): Promise<Float32Array[]> {
  const decoder = new MPEGDecoder();
  await decoder.ready;
  try {
    const out = decoder.decode(mp3);
    expect(out.errors).toEqual([]);
    expect(out.sampleRate).toBe(SR);
    return out.channelData;
  } finally {
    decoder.free();
  }
}

/** Signal-to-error ratio in dB of `decoded` (shifted by `lag`) against `reference` over [from, to). */
function snrDb(reference: Float32Array, decoded: Float32Array, lag: number, from: number, to: number): number {
  let sig = 0;
  let err = 0;
  for (let i = from; i < to; i++) {
    const d = decoded[i + lag] ?? 0;
    sig += reference[i] * reference[i];
    err += (reference[i] - d) ** 2;
  }
  return 10 * Math.log10(sig / Math.max(err, 1e-20));
}

/** Decoder output delay (encoder + decoder), found as the best-matching lag on a short stretch. */
function findLag(reference: Float32Array, decoded: Float32Array): number {
  let best = { snr: -Infinity, lag: 0 };
  for (let lag = 0; lag <= 2 * SAMPLES_PER_FRAME; lag++) {
    const snr = snrDb(reference, decoded, lag, 20000, 24000);
    if (snr > best.snr) best = { snr, lag };
  }
  return best.lag;
}

describe('encodeMp3', () => {
  const audio = testSignal(8);

  it('produces MPEG-1 Layer III, 44.1 kHz stereo frames with valid reservoir pointers', async () => {
    const mp3 = await encodeMp3(audio, pool);
    const frames = parseMp3Frames(mp3);
    expect(frames.length).toBeGreaterThan(0);
    for (const f of frames) {
      expect(f.header.sampleRate).toBe(SR);
      expect(f.header.channels).toBe(2);
    }
    // VBR: the frames' bitrates vary with the music.
    expect(new Set(frames.map((f) => f.header.bitrateKbps)).size).toBeGreaterThan(1);
    // Duration: whole frames covering the audio plus at most the encoder delay and one frame
    // (the first frame is the Xing header, no audio).
    const frameSamples = (frames.length - 1) * SAMPLES_PER_FRAME;
    expect(frameSamples).toBeGreaterThanOrEqual(audio.left.length);
    expect(frameSamples - audio.left.length).toBeLessThanOrEqual(SAMPLES_PER_FRAME + 1105 + SAMPLES_PER_FRAME);
  });

  it('starts with a Xing header giving the frame count, the byte count and a rising seek table', async () => {
    const mp3 = await encodeMp3(audio, pool);
    const first = parseFrameHeader(mp3, 0)!;
    const tag = 4 + 32;
    expect(Buffer.from(mp3.subarray(tag, tag + 4)).toString('latin1')).toBe('Xing');
    const view = new DataView(mp3.buffer, mp3.byteOffset);
    expect(view.getUint32(tag + 4) & 7).toBe(7);
    const audioFrames = parseMp3Frames(mp3.subarray(first.frameLength));
    expect(view.getUint32(tag + 8)).toBe(audioFrames.length);
    expect(view.getUint32(tag + 12)).toBe(mp3.length);
    const toc = [...mp3.subarray(tag + 16, tag + 116)];
    expect(toc[0]).toBe(Math.floor((256 * first.frameLength) / mp3.length));
    for (let i = 1; i < 100; i++) expect(toc[i]).toBeGreaterThanOrEqual(toc[i - 1]);
    expect(toc[99]).toBeGreaterThan(240);
  });

  it('splices parallel chunks into the same frame count as one continuous encode, and it decodes cleanly', async () => {
    expect(planEncodeChunks(audio.left.length).length).toBeGreaterThan(2);
    const encoded = await encodeMp3(audio, pool);
    // Compared without the Xing header frame: mpg123 reads it and then also trims the decoder delay.
    const spliced = encoded.subarray(parseFrameHeader(encoded, 0)!.frameLength);
    const continuous = await encodePcm(audio);
    expect(parseMp3Frames(spliced).length).toBe(parseMp3Frames(continuous).length);

    const [left] = await decode(spliced);
    const [reference] = await decode(continuous);
    expect(Math.abs(left.length - reference.length)).toBeLessThanOrEqual(SAMPLES_PER_FRAME);
    const lag = findLag(audio.left, reference);
    expect(findLag(audio.left, left)).toBe(lag);
    const end = audio.left.length - 2000;
    const whole = snrDb(audio.left, left, lag, 2000, end);
    const baseline = snrDb(audio.left, reference, lag, 2000, end);
    expect(baseline).toBeGreaterThan(15);
    expect(whole).toBeGreaterThan(baseline - 1.5);
    // Around each splice the error must be no worse than coding noise elsewhere (no clicks or gaps).
    for (const chunk of planEncodeChunks(audio.left.length).slice(1)) {
      const at = chunk.firstFrame * SAMPLES_PER_FRAME - lag;
      expect(snrDb(audio.left, left, lag, at - 2048, at + 2048)).toBeGreaterThan(baseline - 6);
    }
  });

  it('streams the same bytes in order, the first piece being playable on its own', async () => {
    const pieces: Uint8Array[] = [];
    const header = await encodeMp3Stream(audio, (b) => pieces.push(b.slice()), pool);
    expect(pieces.length).toBeGreaterThan(1);
    expect(parseMp3Frames(pieces[0]).length).toBeGreaterThan(0);
    const joined = Buffer.concat([header, ...pieces]);
    expect(Buffer.compare(joined, Buffer.from(await encodeMp3(audio, pool)))).toBe(0);
  });
});

describe('Mp3Repacker', () => {
  /**
   * A stereo MPEG-1 Layer III frame at `bitrateIndex` whose side info declares `mainDataLength`
   * bytes of main data (split over the four granule/channel blocks), filled with `fill`.
   */
  function fakeFrame(bitrateIndex: number, mainDataLength: number, fill: number): Mp3Frame {
    const bytes = new Uint8Array(4 + 32);
    bytes.set([0xff, 0xfb, (bitrateIndex << 4) | 0, 0x44]);
    const bitsPerBlock = Math.ceil((mainDataLength * 8) / 4);
    let remaining = mainDataLength * 8;
    for (let block = 0; block < 4; block++) {
      const bits = Math.min(bitsPerBlock, remaining);
      remaining -= bits;
      const at = 8 * 4 + 9 + 3 + 8 + block * 59; // header, main_data_begin, private bits, scfsi
      for (let b = 0; b < 12; b++) if ((bits >> (11 - b)) & 1) bytes[(at + b) >> 3] |= 0x80 >> ((at + b) & 7);
    }
    return { header: parseFrameHeader(bytes, 0)!, bytes, mainData: new Uint8Array(mainDataLength).fill(fill) };
  }

  it('makes room for a frame that borrows more reservoir than the frames before it left, keeping every byte', () => {
    // After a cut: small 32 kbps frames leave little spare room, then a frame needs 1300 bytes,
    // more than a 320 kbps frame holds (1008) plus their spare room.
    const input = [fakeFrame(1, 50, 1), fakeFrame(1, 50, 2), fakeFrame(1, 50, 3), fakeFrame(14, 1300, 4), fakeFrame(9, 200, 5)];
    const repacker = new Mp3Repacker();
    for (const frame of input) repacker.push(frame);
    const stream = Buffer.concat([repacker.take(), repacker.finish()]);
    const output = parseMp3Frames(stream);
    expect(output.map((f) => Buffer.from(f.mainData).toString('hex'))).toEqual(input.map((f) => Buffer.from(f.mainData).toString('hex')));
    // The frames before the big one were raised to make the room.
    expect(output.slice(0, 3).some((f) => f.header.bitrateKbps > 32)).toBe(true);
  });
});
