import { describe, expect, it } from 'vitest';
import { assertSafeText, hasUnsafeText, UNSAFE_TEXT_MESSAGE } from './validation.js';

describe('the shared text rule', () => {
  it('finds NUL and unpaired surrogates, and nothing in well-formed text', () => {
    for (const bad of ['\u0000', 'a\u0000', '\ud800', 'a\ud800b', '\udc00', 'x\udc00\ud800y', '\ud83c']) expect(hasUnsafeText(bad), JSON.stringify(bad)).toBe(true);
    for (const good of ['', 'plain', 'lo-fi 🎵', '\ud83c\udfb5', 'tab\tand\nnewline', 'über', '\u0001']) expect(hasUnsafeText(good), JSON.stringify(good)).toBe(false);
  });

  it('looks into arrays and objects, keys included, and ignores other values', () => {
    expect(hasUnsafeText({ a: [1, true, null, { b: 'x\u0000' }] })).toBe(true);
    expect(hasUnsafeText({ 'k\u0000': 1 })).toBe(true);
    expect(hasUnsafeText({ a: [1, 2.5, false, null, undefined, { b: 'fine' }] })).toBe(false);
  });

  it('walks deeply nested and very long values without running out of stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(hasUnsafeText(deep)).toBe(true);
    expect(hasUnsafeText(new Array(500_000).fill('ok'))).toBe(false);
  });

  it('throws BAD_USER_INPUT with the one message', () => {
    expect(() => assertSafeText(['\ud800'])).toThrow(expect.objectContaining({ code: 'BAD_USER_INPUT', message: UNSAFE_TEXT_MESSAGE }));
    expect(() => assertSafeText('ok')).not.toThrow();
  });
});
