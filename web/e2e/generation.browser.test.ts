import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, signUpAt, useGeneratingApp } from './generatingApp';

describe('AI Studio: generate a song and watch the sidebar widget', () => {
  const app = useGeneratingApp();

  it('signs in, generates from /studio with live progress, and the widget moves to Just Completed', { timeout: 240_000 }, async () => {
    const server = app.server();
    const { page, errors } = await app.browser().newPage();
    const shot = (name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `generation-${name}.png`), animations: 'disabled' });
    const username = `studio_${Date.now().toString(36)}`;

    await signUpAt(page, server.baseUrl, '/studio', username);

    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await sidebar.getByRole('link', { name: 'AI Studio', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'AI Studio' }).waitFor();

    await page.getByLabel('Prompt').fill('warm lo-fi beat for a rainy evening');
    await page.getByRole('button', { name: 'Lo-Fi', exact: true }).click();
    await page.getByRole('button', { name: 'Chill', exact: true }).click();
    await page.getByRole('slider', { name: 'Duration' }).fill('30');
    // The plan is shown before generating.
    const plan = page.getByRole('region', { name: 'Understood plan' });
    await expect.poll(() => plan.textContent(), { timeout: 15_000 }).toMatch(/lo-fi/i);
    await shot('plan');

    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    // The widget shows the request in progress with a percentage and a stage.
    const widget = sidebar.getByRole('region', { name: 'Generations' });
    await widget.getByRole('progressbar').waitFor({ timeout: 30_000 });
    expect(await widget.textContent()).toMatch(/lo-fi.*\d+%/);
    await page.getByRole('region', { name: 'Generation progress' }).getByRole('progressbar').waitFor();
    await shot('in-progress');

    // Completed: the widget moves it under 'Just Completed' and the Studio shows the song card.
    await widget
      .getByRole('heading', { name: 'Just Completed' })
      .waitFor({ timeout: 120_000 })
      .catch((error: Error) => {
        throw new Error(`${error.message}\nPage errors: ${errors.join('\n')}\nServer output:\n${server.output()}`);
      });
    expect(await widget.getByRole('progressbar').count()).toBe(0);
    expect(await widget.textContent()).toMatch(/\d+s ago/);
    const card = page.getByRole('article');
    await card.getByRole('button', { name: /^Play / }).waitFor();
    expect(await card.textContent()).toMatch(/lo-fi/);
    await shot('completed');
    expect(errors).toEqual([]);
  });
});
