/**
 * Short-time spectra for the independent analyser (its own code; nothing shared with the
 * generator). FFTs come from fft.js, a small, fast, widely used pure-JS radix-4 FFT.
 */
import FFT from 'fft.js';

export interface PcmSignal {
  sampleRate: number;
  channels: Float32Array[];
}

/** Average of all channels. */
export function mixToMono(signal: PcmSignal): Float32Array {
  const length = Math.min(...signal.channels.map((channel) => channel.length));
  const mono = new Float32Array(length);
  const scale = 1 / signal.channels.length;
  for (const channel of signal.channels) for (let i = 0; i < length; i++) mono[i] += channel[i] * scale;
  return mono;
}

export interface Spectrogram {
  /** Magnitude spectra, one Float32Array of frameSize / 2 + 1 bins per frame. */
  frames: Float32Array[];
  frameSize: number;
  hopSize: number;
  sampleRate: number;
  /** Frames per second. */
  frameRate: number;
  /** Hz per bin. */
  binWidth: number;
}

function hannWindow(size: number): Float32Array {
  const window = new Float32Array(size);
  for (let i = 0; i < size; i++) window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size);
  return window;
}

/** Magnitude STFT with a Hann window; frameSize must be a power of two. Frame t starts at t * hopSize. */
export function spectrogram(samples: Float32Array, sampleRate: number, frameSize: number, hopSize: number): Spectrogram {
  const fft = new FFT(frameSize);
  const window = hannWindow(frameSize);
  const input = new Array<number>(frameSize).fill(0);
  const output = fft.createComplexArray() as number[];
  const bins = frameSize / 2 + 1;
  const frames: Float32Array[] = [];
  for (let start = 0; start + frameSize <= samples.length; start += hopSize) {
    for (let i = 0; i < frameSize; i++) input[i] = samples[start + i] * window[i];
    fft.realTransform(output, input);
    const magnitudes = new Float32Array(bins);
    for (let k = 0; k < bins; k++) {
      const re = output[2 * k];
      const im = output[2 * k + 1];
      magnitudes[k] = Math.sqrt(re * re + im * im);
    }
    frames.push(magnitudes);
  }
  return { frames, frameSize, hopSize, sampleRate, frameRate: sampleRate / hopSize, binWidth: sampleRate / frameSize };
}
