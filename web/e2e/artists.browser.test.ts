import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, signUpAt, useGeneratingApp } from './generatingApp';

describe('AI Artists: create an artist, make a song as it in the Studio, find it on its page', () => {
  const app = useGeneratingApp();

  it('creates an artist with a portrait, generates as it from the Studio picker, and plays it from the artist page', { timeout: 240_000 }, async () => {
    const server = app.server();
    const { page, errors } = await app.browser().newPage();
    const shot = (name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `artists-${name}.png`), animations: 'disabled' });
    const username = `artist_${Date.now().toString(36)}`;

    await signUpAt(page, server.baseUrl, '/artists', username);

    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await sidebar.getByRole('link', { name: 'AI Artists', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'AI Artists' }).waitFor();
    await page.getByText('You have no artists yet').waitFor();

    await page.getByRole('button', { name: 'New artist' }).click();
    const form = page.getByRole('form', { name: 'New artist' });
    await form.getByLabel('Name').fill('Velvet Static');
    await form.getByLabel('Bio').fill('Dusty synth ballads sung low.');
    await form.getByRole('button', { name: 'Synthwave', exact: true }).click();
    await form.getByRole('button', { name: 'Dreamy', exact: true }).click();
    await form.getByLabel('Low (baritone)').check();
    await form.getByRole('button', { name: 'Electric piano', exact: true }).click();
    await form.getByLabel('Slowest tempo (BPM)').fill('85');
    await form.getByLabel('Fastest tempo (BPM)').fill('95');
    await form.getByRole('button', { name: 'Create artist' }).click();

    // The artist's page, with its painted portrait.
    await page.getByRole('heading', { level: 1, name: 'Velvet Static' }).waitFor();
    const portrait = page.getByRole('img', { name: 'Portrait of Velvet Static' });
    await expect.poll(() => portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1024);
    expect(await page.getByText('synthwave · dreamy · low voice · 85-95 BPM').count()).toBe(1);
    await page.getByText('No songs yet.').waitFor();
    await shot('new-artist');

    // Make a song as the artist: the Studio opens with it picked, and the plan says so.
    await page.getByRole('link', { name: 'Make a song as Velvet Static' }).click();
    await page.getByRole('heading', { level: 1, name: 'AI Studio' }).waitFor();
    // Picked once the Studio's artist choices have loaded (no longer in the cache from /artists, which pages a connection).
    await expect.poll(() => page.getByRole('combobox', { name: 'Artist', exact: true }).inputValue()).not.toBe('');
    await page.getByLabel('Prompt').fill('neon rain on an empty highway');
    await page.getByRole('slider', { name: 'Duration' }).fill('30');
    const plan = page.getByRole('region', { name: 'Understood plan' });
    await expect.poll(() => plan.textContent(), { timeout: 15_000 }).toMatch(/synthwave.*as Velvet Static/i);
    const bpm = Number(/(\d+) BPM/.exec((await plan.textContent()) ?? '')?.[1]);
    expect(bpm).toBeGreaterThanOrEqual(85);
    expect(bpm).toBeLessThanOrEqual(95);
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const card = page.getByRole('article');
    await card
      .getByRole('button', { name: /^Play / })
      .waitFor({ timeout: 150_000 })
      .catch((error: Error) => {
        throw new Error(`${error.message}\nPage errors: ${errors.join('\n')}\nServer output:\n${server.output()}`);
      });
    const title = (await card.getByRole('heading', { level: 2 }).textContent()) ?? '';
    await shot('generated');

    // The song is on the artist's page, and Play all plays it as by the artist.
    await sidebar.getByRole('link', { name: 'AI Artists', exact: true }).click();
    await page.getByRole('link', { name: 'Velvet Static' }).click();
    const songs = page.getByRole('list', { name: 'Songs by Velvet Static' });
    await songs.getByText(title, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Play all' }).click();
    const player = page.getByRole('region', { name: 'Player' });
    await expect.poll(() => player.textContent(), { timeout: 15_000 }).toContain('Velvet Static');
    await shot('artist-page');
    expect(errors).toEqual([]);
  });
});
