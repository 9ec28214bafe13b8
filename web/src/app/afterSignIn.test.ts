import { describe, expect, it } from 'vitest';
import { pathAfterSignIn } from './afterSignIn';

describe('pathAfterSignIn', () => {
  it('returns to a shared playlist, and goes home from anywhere else', () => {
    expect(pathAfterSignIn('/playlists/42')).toBe('/playlists/42');
    for (const path of ['/', '/library', '/auth', '/playlists/', '/playlists/42/x', '/playlists/abc', '//evil.example/playlists/1']) {
      expect(pathAfterSignIn(path)).toBe('/');
    }
  });
});
