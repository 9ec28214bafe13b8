import { describe, expect, it } from 'vitest';
import { nextPlaylistName, playlistShareUrl, songCountLabel, totalDurationLabel } from './playlistFormat';

describe('playlist labels', () => {
  it('counts songs in the singular and plural', () => {
    expect(songCountLabel(0)).toBe('0 songs');
    expect(songCountLabel(1)).toBe('1 song');
    expect(songCountLabel(12)).toBe('12 songs');
  });

  it('writes the total duration in hours and minutes, or minutes and seconds', () => {
    expect(totalDurationLabel(0)).toBe('0 sec');
    expect(totalDurationLabel(45.4)).toBe('45 sec');
    expect(totalDurationLabel(720)).toBe('12 min');
    expect(totalDurationLabel(750)).toBe('12 min 30 sec');
    expect(totalDurationLabel(3900)).toBe('1 hr 5 min');
    expect(totalDurationLabel(Number.NaN)).toBe('0 sec');
  });

  it('offers the next free "My Playlist #n" name', () => {
    expect(nextPlaylistName([])).toBe('My Playlist #1');
    expect(nextPlaylistName(['Road trip'])).toBe('My Playlist #2');
    expect(nextPlaylistName(['My Playlist #7', 'Chill'])).toBe('My Playlist #8');
  });

  it('builds the share link from the page address', () => {
    expect(playlistShareUrl('https://music.example', '42')).toBe('https://music.example/playlists/42');
  });
});
