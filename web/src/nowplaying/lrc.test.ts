import { describe, expect, it } from 'vitest';
import { currentLineIndex, parseLrc } from './lrc';

describe('parseLrc', () => {
  it('reads [mm:ss.xx] lines in time order and drops metadata and untimed lines', () => {
    const lines = parseLrc('[ar:Songforge]\n[00:12.50]Second line\n[00:01.00]First line\nno stamp here\n[01:02.3]Third\r\n');
    expect(lines).toEqual([
      { time: 1, text: 'First line' },
      { time: 12.5, text: 'Second line' },
      { time: 62.3, text: 'Third' },
    ]);
  });

  it('repeats a line for each of its stamps and keeps empty (instrumental) lines', () => {
    expect(parseLrc('[00:10.00][00:40.00]Chorus\n[00:20]')).toEqual([
      { time: 10, text: 'Chorus' },
      { time: 20, text: '' },
      { time: 40, text: 'Chorus' },
    ]);
  });

  it('accepts mm:ss:xx stamps and gives nothing for empty input', () => {
    expect(parseLrc('[00:03:25]x')).toEqual([{ time: 3.25, text: 'x' }]);
    expect(parseLrc(null)).toEqual([]);
    expect(parseLrc('')).toEqual([]);
  });
});

describe('currentLineIndex', () => {
  const lines = parseLrc('[00:01.00]a\n[00:05.00]b\n[00:09.00]c');

  it('is -1 before the first line and the last started line afterwards', () => {
    expect(currentLineIndex(lines, 0)).toBe(-1);
    expect(currentLineIndex(lines, 0.99)).toBe(-1);
    expect(currentLineIndex(lines, 1)).toBe(0);
    expect(currentLineIndex(lines, 4.99)).toBe(0);
    expect(currentLineIndex(lines, 5)).toBe(1);
    expect(currentLineIndex(lines, 8)).toBe(1);
    expect(currentLineIndex(lines, 500)).toBe(2);
  });

  it('is -1 with no lines', () => {
    expect(currentLineIndex([], 10)).toBe(-1);
  });
});
