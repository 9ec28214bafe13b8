import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, signUpAt, useGeneratingApp } from './generatingApp';

const LYRICS = '[Verse]\nStatic on the radio tonight\nEvery signal fading out of sight\n\n[Chorus]\nHold the line, hold the line\nWe will find the light in time';

describe('Creator tools: an artist sings your lyrics, you follow them, download the stems and ask for a variation, an extension and a cover', () => {
  const app = useGeneratingApp();

  it('creates an artist, generates as it with own lyrics, follows the synced lyrics, downloads a stem and queues a variation, an extension and a cover', { timeout: 300_000 }, async () => {
    const server = app.server();
    const { page, errors } = await app.browser().newPage();
    const shot = (name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `creator-${name}.png`), animations: 'disabled' });
    await signUpAt(page, server.baseUrl, '/artists', `creator_${Date.now().toString(36)}`);

    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await sidebar.getByRole('link', { name: 'AI Artists', exact: true }).click();
    await page.getByRole('button', { name: 'New artist' }).click();
    const form = page.getByRole('form', { name: 'New artist' });
    await form.getByLabel('Name').fill('Signal Choir');
    await form.getByRole('button', { name: 'Pop', exact: true }).click();
    await form.getByLabel('High (alto / tenor)').check();
    await form.getByRole('button', { name: 'Create artist' }).click();
    await page.getByRole('heading', { level: 1, name: 'Signal Choir' }).waitFor();

    // Generate as the artist, with the user's own lyrics.
    await page.getByRole('link', { name: 'Make a song as Signal Choir' }).click();
    await page.getByRole('heading', { level: 1, name: 'AI Studio' }).waitFor();
    await page.getByLabel('Prompt').fill('radio static love song');
    await page.getByRole('switch', { name: 'Use my own lyrics' }).check();
    await page.getByLabel('Your lyrics').fill(LYRICS);
    await page.getByRole('slider', { name: 'Duration' }).fill('30');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const card = page.getByRole('article');
    const play = card.getByRole('button', { name: /^Play / });
    await play.waitFor({ timeout: 180_000 }).catch((error: Error) => {
      throw new Error(`${error.message}\nPage errors: ${errors.join('\n')}\nServer output:\n${server.output()}`);
    });
    await play.click();

    // Now Playing: the lyrics follow the song as it sings.
    await page.getByRole('button', { name: 'Open now playing' }).click();
    const lyrics = page.getByRole('list', { name: 'Lyrics' });
    await lyrics.getByText('Static on the radio tonight').waitFor({ timeout: 15_000 });
    await expect.poll(() => lyrics.locator('[aria-current="true"]').textContent(), { timeout: 30_000 }).toMatch(/\w/);
    expect(await page.getByText('Signal Choir').count()).toBeGreaterThan(0);

    // Downloads: the owner sees the WAV, four stems and the zip; a stem is rendered when clicked.
    const downloads = page.getByRole('list', { name: /^Downloads of / });
    await downloads.getByRole('link', { name: 'Vocals stem (WAV)' }).waitFor();
    for (const name of ['MP3', 'WAV', 'Drums stem (WAV)', 'Bass stem (WAV)', 'Music stem (WAV)', 'Everything (zip)']) expect(await downloads.getByRole('link', { name, exact: true }).count()).toBe(1);
    await shot('downloads');
    // Chromium hands an <a download> answer to the download manager (no page response event): the file is what it received.
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 90_000 }), downloads.getByRole('link', { name: 'Vocals stem (WAV)' }).click()]);
    expect(download.url()).toMatch(/\/api\/songs\/[^/]+\/download\/vocals\.wav$/);
    expect(download.suggestedFilename()).toMatch(/\(vocals\)\.wav$/);
    expect(await download.failure()).toBeNull();
    const wav = await readFile(await download.path());
    expect(wav.toString('ascii', 0, 4) + wav.toString('ascii', 8, 12)).toBe('RIFFWAVE');
    expect(wav.length).toBeGreaterThan(44 + 30 * 44100 * 4);

    // A variation goes into the generation queue like any other request.
    await page.getByRole('button', { name: 'Make a variation' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Queued' }).textContent()).toMatch(/\(variation\)/);
    await shot('variation');

    // Extend: from its end, 30 seconds more with new words of its own.
    await page.locator('summary', { hasText: 'Extend this song' }).click();
    const extend = page.getByRole('form', { name: 'Extend this song' });
    await extend.getByLabel('Seconds to add').fill('30');
    await extend.getByLabel('Words for the continuation (optional)').fill('[Verse]\nStill the radio is playing on');
    await extend.getByRole('button', { name: 'Extend' }).click();
    await expect.poll(() => extend.getByRole('status').textContent()).toMatch(/Queued ".*\(extended\)"/);

    // Cover: the same melody and words as jazz.
    await page.locator('summary', { hasText: 'Make a cover' }).click();
    const cover = page.getByRole('form', { name: 'Make a cover' });
    await cover.getByLabel('Genre').selectOption('jazz');
    await cover.getByRole('button', { name: 'Make a cover' }).click();
    await expect.poll(() => cover.getByRole('status').textContent()).toMatch(/Queued ".*\(Jazz cover\)"/);
    await shot('extend-cover');
    expect(errors).toEqual([]);
  });
});
