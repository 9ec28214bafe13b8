/**
 * The DJ voice (docs/dj.md): a short spoken link synthesised by eSpeak NG (the Debian package, run
 * as a child process), mastered with the engine's mastering (loudness and true-peak limiter) and
 * brought down to the outgoing song's loudness, encoded as MP3 with the engine's LAME build, and
 * stored once per link under dj-voice/ in the media storage (served at /media to signed-in users).
 */
import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mediaUrl, type MediaStorage } from '../storage/media-storage.js';
import { promisify } from 'node:util';
import { masterAudio, TARGET_LUFS, integratedLoudness } from '../music/master/index.js';
import { encodePcm } from '../music/encode/lame.js';
import type { StereoAudio } from '../music/types.js';

const run = promisify(execFile);

export const VOICE_UNAVAILABLE_MESSAGE = 'The DJ voice needs eSpeak NG on the server (the Debian package espeak-ng), which is not installed, so the voice is off.';
/** eSpeak NG voice and speaking rate (words per minute): a clear, unhurried radio voice. */
const VOICE = ['-v', 'en-us+m3', '-s', '155', '-p', '45'];
/** Bumped when the sound of a link changes, so cached files are not reused across versions. */
const VOICE_VERSION = 1;
/** Quiet before and after the words, seconds. */
const PAD_SECONDS = 0.15;

export interface VoiceClip {
  text: string;
  audioUrl: string;
  durationSeconds: number;
  integratedLufs: number;
}

export class DjVoice {
  private availability: boolean | null = null;

  constructor(
    private readonly storage: MediaStorage,
    /** The synthesiser's command (tests name one that does not exist). */
    private readonly command = 'espeak-ng',
  ) {}

  /** Whether the synthesiser runs here (checked once). */
  get available(): boolean {
    this.availability ??= spawnSync(this.command, ['--version'], { stdio: 'ignore' }).status === 0;
    return this.availability;
  }

  /**
   * The link spoken at the loudness of a song measured at `songLufs` (no louder than the engine's
   * target): synthesised on first use, then read from the cache.
   */
  async speak(text: string, songLufs: number | null): Promise<VoiceClip> {
    const target = Math.min(TARGET_LUFS, Number.isFinite(songLufs) && songLufs !== null ? Math.round(songLufs * 2) / 2 : TARGET_LUFS);
    const key = createHash('sha256').update(`${VOICE_VERSION}|${VOICE.join(' ')}|${target}|${text}`).digest('hex').slice(0, 32);
    const clip = `dj-voice/${key}.mp3`;
    const sidecar = `dj-voice/${key}.json`;
    const audioUrl = mediaUrl(clip);
    const cachedJson = await this.storage.read(sidecar).catch(() => null);
    const cached = cachedJson ? (JSON.parse(cachedJson.toString('utf8')) as Omit<VoiceClip, 'audioUrl' | 'text'>) : null;
    if (cached) return { text, audioUrl, ...cached };

    const { stdout } = await run(this.command, [...VOICE, '--stdout', text], { encoding: 'buffer', maxBuffer: 32 * 1024 * 1024 });
    const speech = padded(readWav(stdout));
    const mastered = await masterAudio(speech);
    // The engine masters to TARGET_LUFS; a quieter song gets a quieter voice (a cut never clips).
    const trim = Math.pow(10, (target - mastered.integratedLufs) / 20);
    const audio: StereoAudio = { sampleRate: mastered.audio.sampleRate, left: scaled(mastered.audio.left, trim), right: scaled(mastered.audio.right, trim) };
    const mp3 = await encodePcm(audio);
    const meta = { durationSeconds: audio.left.length / audio.sampleRate, integratedLufs: integratedLoudness(audio) };
    // The sidecar last: a clip is cached only once both are stored.
    await this.storage.write(clip, mp3);
    await this.storage.write(sidecar, Buffer.from(JSON.stringify(meta)));
    return { text, audioUrl, ...meta };
  }
}

/** 16-bit PCM WAV as eSpeak NG writes it (mono; its size fields may be unset when streamed). */
export function readWav(bytes: Buffer): StereoAudio {
  if (bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WAVE') throw new Error('eSpeak NG did not answer with a WAV file');
  let at = 12;
  let sampleRate = 22050;
  let channels = 1;
  while (at + 8 <= bytes.length) {
    const id = bytes.toString('ascii', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    if (id === 'fmt ') {
      channels = bytes.readUInt16LE(at + 10);
      sampleRate = bytes.readUInt32LE(at + 12);
    } else if (id === 'data') {
      const end = size === 0 || size === 0xffffffff ? bytes.length : Math.min(bytes.length, at + 8 + size);
      const frames = Math.floor((end - at - 8) / (2 * channels));
      const mono = new Float32Array(frames);
      for (let i = 0; i < frames; i += 1) mono[i] = bytes.readInt16LE(at + 8 + i * 2 * channels) / 32768;
      return { sampleRate, left: mono, right: mono.slice() };
    }
    at += 8 + size + (size % 2);
  }
  throw new Error('eSpeak NG answered a WAV file without audio');
}

function padded(audio: StereoAudio): StereoAudio {
  const pad = Math.round(PAD_SECONDS * audio.sampleRate);
  const grow = (channel: Float32Array) => {
    const out = new Float32Array(channel.length + 2 * pad);
    out.set(channel, pad);
    return out;
  };
  return { sampleRate: audio.sampleRate, left: grow(audio.left), right: grow(audio.right) };
}

function scaled(channel: Float32Array, gain: number): Float32Array {
  const out = new Float32Array(channel.length);
  for (let i = 0; i < channel.length; i += 1) out[i] = channel[i] * gain;
  return out;
}
