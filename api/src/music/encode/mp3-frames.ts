/**
 * MPEG-1 Layer III frame parsing and bit-reservoir repacking.
 *
 * A Layer III frame's audio ("main data") may start up to 511 bytes before the frame, inside
 * earlier frames (the bit reservoir). Frames cut from independently encoded streams therefore
 * cannot simply be concatenated: the first frame after a cut would point at the wrong bytes.
 * `Mp3Repacker` pulls each frame's main data out of its source stream and lays all frames out
 * again with fresh main_data_begin pointers, raising a frame's bitrate where a cut leaves too
 * little reservoir. The result is a valid continuous stream.
 */

const BITRATES_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MAX_BITRATE_INDEX = BITRATES_KBPS.length - 1;
const SAMPLE_RATES = [44100, 48000, 32000];
export const SAMPLES_PER_FRAME = 1152;
/**
 * Frames an encode runs before the first frame kept from it (so LAME's psychoacoustic model and
 * MDCT overlap are settled) and after the last (its look-ahead): frames cut from such an encode
 * splice into another encode of the same audio (mp3.ts, peak-guard.ts).
 */
export const PREROLL_FRAMES = 12;
export const POSTROLL_FRAMES = 4;
const MAX_MAIN_DATA_BEGIN = 511;
const GRANULE_CHANNEL_BITS = 59;

export interface FrameHeader {
  bitrateIndex: number;
  bitrateKbps: number;
  sampleRate: number;
  padding: boolean;
  channels: 1 | 2;
  /** True when a 16-bit CRC follows the header. */
  crc: boolean;
  frameLength: number;
}

/** Parses a 4-byte header at `at`; null unless it is MPEG-1 Layer III. */
export function parseFrameHeader(bytes: Uint8Array, at: number): FrameHeader | null {
  if (at + 4 > bytes.length) return null;
  const b1 = bytes[at + 1];
  const b2 = bytes[at + 2];
  const b3 = bytes[at + 3];
  if (bytes[at] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  if (((b1 >> 3) & 3) !== 3 || ((b1 >> 1) & 3) !== 1) return null; // MPEG-1, Layer III
  const bitrateIndex = b2 >> 4;
  const srIndex = (b2 >> 2) & 3;
  if (bitrateIndex === 0 || bitrateIndex === 15 || srIndex === 3) return null;
  const bitrateKbps = BITRATES_KBPS[bitrateIndex];
  const sampleRate = SAMPLE_RATES[srIndex];
  const padding = ((b2 >> 1) & 1) === 1;
  return {
    bitrateIndex,
    bitrateKbps,
    sampleRate,
    padding,
    channels: b3 >> 6 === 3 ? 1 : 2,
    crc: (b1 & 1) === 0,
    frameLength: frameLength(bitrateKbps, sampleRate, padding),
  };
}

function frameLength(bitrateKbps: number, sampleRate: number, padding: boolean): number {
  return Math.floor((144000 * bitrateKbps) / sampleRate) + (padding ? 1 : 0);
}

export interface Mp3Frame {
  header: FrameHeader;
  /** The whole frame as it appears in its source stream. */
  bytes: Uint8Array;
  /** Bytes of main data (audio) belonging to this frame. */
  mainData: Uint8Array;
}

function sideInfoLength(h: FrameHeader): number {
  return h.channels === 1 ? 17 : 32;
}

/** Bytes before a frame's data area: header, CRC and side info. */
export function dataOffset(h: FrameHeader): number {
  return 4 + (h.crc ? 2 : 0) + sideInfoLength(h);
}

function readBits(bytes: Uint8Array, start: number, bitOffset: number, count: number): number {
  let v = 0;
  for (let i = 0; i < count; i++) {
    const bit = bitOffset + i;
    v = (v << 1) | ((bytes[start + (bit >> 3)] >> (7 - (bit & 7))) & 1);
  }
  return v;
}

/** Bytes of main data the side info declares (sum of part2_3_length over granules and channels). */
function mainDataBytes(frame: Uint8Array, h: FrameHeader): number {
  const side = 4 + (h.crc ? 2 : 0);
  const nch = h.channels;
  const headerBits = 9 + (nch === 1 ? 5 : 3) + 4 * nch;
  let bits = 0;
  for (let gr = 0; gr < 2; gr++) {
    for (let ch = 0; ch < nch; ch++) bits += readBits(frame, side, headerBits + (gr * nch + ch) * GRANULE_CHANNEL_BITS, 12);
  }
  return Math.ceil(bits / 8);
}

/**
 * Splits a Layer III stream into frames and extracts each frame's main data from the reservoir.
 * Throws on anything that is not a clean MPEG-1 Layer III stream.
 */
export function parseMp3Frames(stream: Uint8Array): Mp3Frame[] {
  const frames: Mp3Frame[] = [];
  // Concatenated data areas of all frames so far, so main_data_begin can be resolved.
  const dataStarts: number[] = [];
  const reservoir = new Uint8Array(stream.length);
  let reservoirLength = 0;
  let at = 0;
  while (at < stream.length) {
    const h = parseFrameHeader(stream, at);
    if (!h) throw new Error(`MP3 stream: no frame header at byte ${at}`);
    if (at + h.frameLength > stream.length) throw new Error(`MP3 stream: truncated frame at byte ${at}`);
    const bytes = stream.subarray(at, at + h.frameLength);
    const side = 4 + (h.crc ? 2 : 0);
    const begin = (bytes[side] << 1) | (bytes[side + 1] >> 7);
    const data = bytes.subarray(dataOffset(h));
    const start = reservoirLength - begin;
    if (start < 0) throw new Error(`MP3 stream: frame ${frames.length} points ${begin} bytes back with only ${reservoirLength} available`);
    reservoir.set(data, reservoirLength);
    dataStarts.push(reservoirLength);
    reservoirLength += data.length;
    const length = mainDataBytes(bytes, h);
    if (start + length > reservoirLength) throw new Error(`MP3 stream: frame ${frames.length} main data overruns its frame`);
    frames.push({ header: h, bytes, mainData: reservoir.slice(start, start + length) });
    at += h.frameLength;
  }
  return frames;
}

/** Smallest bitrate index >= `from` whose frame holds `needed` data bytes. */
function bitrateIndexFor(needed: number, h: FrameHeader, from: number): number {
  for (let i = from; i < BITRATES_KBPS.length; i++) {
    if (frameLength(BITRATES_KBPS[i], h.sampleRate, false) - dataOffset(h) >= needed) return i;
  }
  return BITRATES_KBPS.length - 1;
}

interface PlacedFrame {
  frame: Mp3Frame;
  bitrateIndex: number;
  padding: boolean;
  /** Offset of this frame's data area in the output main-data stream. */
  dataStart: number;
  capacity: number;
  mainDataBegin: number;
  /** End of the main data laid out before this frame (to undo placing it). */
  mainDataEndBefore: number;
}

/** Frames kept back from take() so a frame after a cut can still borrow reservoir from them. */
const PENDING_FRAMES = 3;

/**
 * Lays frames out as one stream, incrementally: push frames in order, take the bytes of frames
 * that can no longer change, and `finish()` for the rest.
 */
export class Mp3Repacker {
  private placed: PlacedFrame[] = [];
  /** Byte length of every frame emitted so far, in order (for the VBR header). */
  private readonly emittedSizes: number[] = [];
  /** Header bytes of the first frame: the VBR header frame copies its format. */
  private firstHeader: Uint8Array | null = null;
  /** Main data bytes, indexed by output data-stream offset (minus `base`). */
  private data = new Uint8Array(1 << 16);
  private base = 0;
  private capacityEnd = 0;
  private mainDataEnd = 0;

  push(frame: Mp3Frame): void {
    const h = frame.header;
    // Rewriting main_data_begin would invalidate a CRC; the encoder is configured without one.
    if (h.crc) throw new Error('MP3 repack: CRC-protected frames are not supported');
    this.firstHeader ??= frame.bytes.slice(0, 4);
    if (this.place(frame, h.bitrateIndex)) return;
    // Even at the largest bitrate the frame needs more reservoir than the frames before it left
    // (VBR frames borrow a lot, and a cut changes what came before): lay the last pending frames
    // out again at the largest bitrate, latest first, until their spare room is enough.
    const redo: Mp3Frame[] = [];
    while (this.placed.length > 0) {
      redo.unshift(this.unplaceLast());
      for (const f of redo) if (!this.place(f, MAX_BITRATE_INDEX)) throw new Error('MP3 repack: frame main data exceeds the largest frame');
      if (this.place(frame, h.bitrateIndex)) return;
      for (let i = 0; i < redo.length; i++) this.unplaceLast();
    }
    throw new Error('MP3 repack: frame main data exceeds the largest frame');
  }

  /** Lays out one frame at `fromBitrateIndex` or the smallest higher bitrate it fits; false if none. */
  private place(frame: Mp3Frame, fromBitrateIndex: number): boolean {
    const h = frame.header;
    let bitrateIndex = fromBitrateIndex;
    let padding = bitrateIndex === h.bitrateIndex && h.padding;
    let capacity = frameLength(BITRATES_KBPS[bitrateIndex], h.sampleRate, padding) - dataOffset(h);
    const begin = Math.min(MAX_MAIN_DATA_BEGIN, this.capacityEnd - this.mainDataEnd);
    const need = frame.mainData.length;
    if (need > begin + capacity) {
      // Too little reservoir after a cut: give this frame a higher bitrate.
      bitrateIndex = bitrateIndexFor(need - begin, h, bitrateIndex);
      padding = false;
      capacity = frameLength(BITRATES_KBPS[bitrateIndex], h.sampleRate, padding) - dataOffset(h);
      if (need > begin + capacity) return false;
    }
    const dataStart = this.capacityEnd;
    const start = dataStart - begin;
    this.ensure(dataStart + capacity);
    this.data.set(frame.mainData, start - this.base);
    this.placed.push({ frame, bitrateIndex, padding, dataStart, capacity, mainDataBegin: begin, mainDataEndBefore: this.mainDataEnd });
    this.mainDataEnd = start + need;
    this.capacityEnd = dataStart + capacity;
    return true;
  }

  /** Takes the last laid-out frame back out, clearing its bytes (unused bytes must stay zero). */
  private unplaceLast(): Mp3Frame {
    const last = this.placed.pop()!;
    this.data.fill(0, last.mainDataEndBefore - this.base, this.capacityEnd - this.base);
    this.mainDataEnd = last.mainDataEndBefore;
    this.capacityEnd = last.dataStart;
    return last.frame;
  }

  /** Bytes of frames whose data areas later frames can no longer write into. */
  take(): Uint8Array {
    const settled = this.capacityEnd - MAX_MAIN_DATA_BEGIN;
    let count = 0;
    while (count < this.placed.length - PENDING_FRAMES && this.placed[count].dataStart + this.placed[count].capacity <= settled) count++;
    return this.emit(count);
  }

  finish(): Uint8Array {
    return this.emit(this.placed.length);
  }

  private emit(count: number): Uint8Array {
    const frames = this.placed.splice(0, count);
    let total = 0;
    for (const p of frames) total += dataOffset(p.frame.header) + p.capacity;
    const out = new Uint8Array(total);
    let at = 0;
    for (const p of frames) {
      const h = p.frame.header;
      const head = dataOffset(h);
      out.set(p.frame.bytes.subarray(0, head), at);
      out[at + 2] = (p.bitrateIndex << 4) | (out[at + 2] & 0x0d) | (p.padding ? 2 : 0);
      const side = at + 4 + (h.crc ? 2 : 0);
      out[side] = p.mainDataBegin >> 1;
      out[side + 1] = ((p.mainDataBegin & 1) << 7) | (out[side + 1] & 0x7f);
      out.set(this.data.subarray(p.dataStart - this.base, p.dataStart - this.base + p.capacity), at + head);
      at += head + p.capacity;
      this.emittedSizes.push(head + p.capacity);
    }
    if (frames.length > 0) this.discardBefore(this.placed.length > 0 ? this.placed[0].dataStart - MAX_MAIN_DATA_BEGIN : this.capacityEnd);
    return out;
  }

  /**
   * A Xing VBR header frame for everything emitted (call after finish()), to put in front of the
   * stream: players read the duration and seek positions from it instead of guessing them from
   * the first frame's bitrate. Decoders that do not know it play it as one silent frame.
   */
  vbrHeaderFrame(): Uint8Array {
    if (!this.firstHeader) throw new Error('MP3 repack: no frames emitted');
    return xingFrame(this.firstHeader, this.emittedSizes);
  }

  private ensure(end: number): void {
    if (end - this.base <= this.data.length) return;
    const grown = new Uint8Array(Math.max(this.data.length * 2, end - this.base));
    grown.set(this.data);
    this.data = grown;
  }

  private discardBefore(offset: number): void {
    const drop = Math.max(0, Math.min(offset, this.capacityEnd) - this.base);
    if (drop === 0) return;
    this.data.copyWithin(0, drop);
    this.data.fill(0, this.data.length - drop);
    this.base += drop;
  }
}

/** Bitrate index of the Xing frame: 128 kbps gives 417 bytes at 44.1 kHz, room for the tag. */
const XING_BITRATE_INDEX = 9;
/** Xing fields present: frame count, byte count, table of contents, quality. */
const XING_FLAGS = 0x0f;
/** Quality indicator in the tag (0 best .. 100 worst), LAME's convention for -V2. */
const XING_QUALITY = 78;

/**
 * A Xing header frame for a stream of frames with the given byte lengths, in the format of
 * `templateHeader` (MPEG-1 Layer III): frame and byte counts (the header frame included in the
 * bytes, not in the frames) and the 100-entry seek table mapping each percent of the duration
 * to a fraction (/256) of the file.
 */
export function xingFrame(templateHeader: Uint8Array, frameSizes: number[]): Uint8Array {
  const header = parseFrameHeader(templateHeader, 0);
  if (!header) throw new Error('MP3 repack: not an MPEG-1 Layer III header');
  const length = frameLength(BITRATES_KBPS[XING_BITRATE_INDEX], header.sampleRate, false);
  const frame = new Uint8Array(length);
  frame.set(templateHeader.subarray(0, 4));
  frame[1] |= 1; // no CRC
  frame[2] = (XING_BITRATE_INDEX << 4) | (frame[2] & 0x0c); // keep the sample rate; no padding, private bit clear
  const total = length + frameSizes.reduce((sum, size) => sum + size, 0);
  const view = new DataView(frame.buffer);
  let at = 4 + sideInfoLength(header); // side info stays zero: main_data_begin 0, no audio
  frame.set([0x58, 0x69, 0x6e, 0x67], at); // "Xing"
  view.setUint32(at + 4, XING_FLAGS);
  view.setUint32(at + 8, frameSizes.length);
  view.setUint32(at + 12, total);
  at += 16;
  let offset = length;
  let next = 0;
  for (let percent = 0; percent < 100; percent++) {
    const frameIndex = Math.floor((percent / 100) * frameSizes.length);
    while (next < frameIndex) offset += frameSizes[next++];
    frame[at + percent] = Math.min(255, Math.floor((256 * offset) / total));
  }
  view.setUint32(at + 100, XING_QUALITY);
  return frame;
}
