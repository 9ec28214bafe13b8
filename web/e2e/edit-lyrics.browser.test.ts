import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, signUpAt, useGeneratingApp } from './generatingApp';

const LYRICS = '[Verse]\nStatic on the radio tonight\nEvery signal fading out of sight\n\n[Chorus]\nHold the line, hold the line';
const NEW_WORDS = '[Verse]\nLanterns on the harbour wall tonight\nFerry horns are calling\n\n[Chorus]\nCarry me home';

describe('Edit lyrics: new words for a song, sung as a new song', () => {
  const app = useGeneratingApp();

  it('edits the words of a song from Now Playing and the new song sings them', { timeout: 420_000 }, async () => {
    const server = app.server();
    const { page, errors } = await app.browser().newPage();
    const failWithOutput = (error: Error) => {
      throw new Error(`${error.message}\nPage errors: ${errors.join('\n')}\nServer output:\n${server.output()}`);
    };
    await signUpAt(page, server.baseUrl, '/studio', `lyricist_${Date.now().toString(36)}`);

    await page.goto(`${server.baseUrl}/studio`);
    await page.getByRole('heading', { level: 1, name: 'AI Studio' }).waitFor();
    await page.getByLabel('Prompt').fill('radio static love song');
    await page.getByRole('switch', { name: 'Use my own lyrics' }).check();
    await page.getByLabel('Your lyrics').fill(LYRICS);
    await page.getByRole('slider', { name: 'Duration' }).fill('30');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const play = page.getByRole('article').getByRole('button', { name: /^Play / });
    await play.waitFor({ timeout: 180_000 }).catch(failWithOutput);
    await play.click();

    await page.getByRole('button', { name: 'Open now playing' }).click();
    await page.getByRole('list', { name: 'Lyrics' }).getByText('Static on the radio tonight').waitFor({ timeout: 15_000 });
    await page.locator('summary', { hasText: 'Edit lyrics' }).click();
    const edit = page.getByRole('form', { name: 'Edit lyrics' });
    const words = edit.getByLabel('New lyrics');
    expect(await words.inputValue()).toContain('Static on the radio tonight');
    await words.fill(NEW_WORDS);
    await edit.getByRole('button', { name: 'Sing the new lyrics' }).click();
    await expect.poll(() => edit.getByRole('status').textContent()).toMatch(/Queued ".*\(new lyrics\)"/);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'edit-lyrics-queued.png'), animations: 'disabled' });

    // The new song appears in the library once generated, and sings the new words.
    await page.goto(`${server.baseUrl}/library`);
    const playEdit = page.getByRole('button', { name: /^Play .*\(new lyrics\)$/ });
    await expect
      .poll(
        async () => {
          if ((await playEdit.count()) > 0) return true;
          await page.reload();
          return false;
        },
        { timeout: 240_000, interval: 5_000 },
      )
      .toBe(true)
      .catch(failWithOutput);
    await playEdit.first().click();
    await page.getByRole('button', { name: 'Open now playing' }).click();
    const lyrics = page.getByRole('list', { name: 'Lyrics' });
    await lyrics.getByText('Lanterns on the harbour wall tonight').waitFor({ timeout: 15_000 });
    expect(await lyrics.getByText('Static on the radio tonight').count()).toBe(0);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'edit-lyrics-sung.png'), animations: 'disabled' });
    expect(errors).toEqual([]);
  });
});
