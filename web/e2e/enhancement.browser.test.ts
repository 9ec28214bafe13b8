/**
 * /admin/ai-enhancement in real Chromium: the admin opens it from the Admin Panel, runs a small
 * batch (re-master one song to -18 LUFS) on the generation worker, watches it finish, compares
 * before and after, undoes the song and keeps the batch.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { request, type APIRequestContext } from 'playwright-core';
import { launchBrowser, type TestBrowser } from './browser';
import { startServer, type RunningServer } from './server';
import { eventually } from './seededApp';

async function graphql<T>(api: APIRequestContext, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await api.post('/graphql', { data: { query, variables } });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (!body.data) throw new Error(`GraphQL failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

describe('AI enhancement', () => {
  let server: RunningServer;
  let browser: TestBrowser;

  let api: APIRequestContext;

  beforeAll(async () => {
    server = await startServer({ DEMO_CATALOGUE: 'false', SEED: 'false', WORKER_CONCURRENCY: '1' });
    browser = await launchBrowser();
    // The first account of the installation is the admin: registered in the browser's context, and
    // signed in on a request client of its own that makes the song the batch works on.
    expect((await browser.context.request.post(`${server.baseUrl}/api/register`, { data: { username: 'curator', password: 'curator-password' } })).status()).toBe(201);
    api = await request.newContext({ baseURL: server.baseUrl });
    expect((await api.post('/api/login', { data: { username: 'curator', password: 'curator-password' } })).ok()).toBe(true);
    const { generateSong } = await graphql<{ generateSong: { id: string } }>(
      api,
      'mutation { generateSong(input: { prompt: "a calm piano piece about rain", title: "Rain Study", durationSeconds: 30, generateAlbumArt: false, seed: 11 }) { id } }',
    );
    await eventually(
      async () => (await graphql<{ generation: { status: string } }>(api, 'query ($id: ID!) { generation(id: $id) { status } }', { id: generateSong.id })).generation.status,
      (status) => status === 'completed',
      'the song to be generated',
      110_000,
    );
  }, 180_000);

  afterAll(async () => {
    await api?.dispose();
    await browser?.close();
    await server?.stop();
  });

  it('runs a small batch, shows before and after, undoes a song and keeps the batch', async () => {
    const { page, errors } = await browser.newPage();
    onTestFailed(() => console.error(`API output:\n${server.output()}\nBrowser errors:\n${errors.join('\n')}`));
    await page.goto(`${server.baseUrl}/admin`);
    await page.getByRole('navigation', { name: 'Admin pages' }).getByRole('link', { name: 'AI Enhancement' }).click();
    await page.waitForURL(`${server.baseUrl}/admin/ai-enhancement`);
    await page.getByRole('heading', { name: 'AI Enhancement', level: 1 }).waitFor();

    const form = page.getByRole('form', { name: 'New enhancement batch' });
    await form.getByRole('checkbox', { name: /Re-analyse audio/ }).uncheck();
    await form.getByRole('checkbox', { name: 'Re-master to a loudness target' }).check();
    await form.getByRole('spinbutton', { name: 'Loudness target (LUFS)' }).fill('-18');
    await form.getByRole('list', { name: 'Songs to enhance' }).getByRole('checkbox', { name: /Rain Study/ }).check();
    await form.getByRole('button', { name: 'Start batch' }).click();

    const batch = page.getByRole('listitem', { name: /^Batch \d+$/ });
    await batch.getByRole('heading', { name: 'Re-master · 1 selected song' }).waitFor();
    // Live progress: the page polls until the worker has re-mastered the song.
    await expect.poll(() => batch.getByText(/songs done/).textContent(), { timeout: 120_000, interval: 500 }).toMatch(/^1 of 1 songs done/);
    const row = batch.getByRole('row', { name: 'Rain Study' });
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('completed');
    expect(await row.textContent()).toMatch(/Re-mastered: -1\d\.\d -> -1[78]\.\d LUFS/);
    // Before and after side by side, both versions playable.
    expect(await row.getByLabel('Audio: Rain Study before').getAttribute('src')).toMatch(/^\/media\/songs\/[^/]+\.mp3$/);
    expect(await row.getByLabel('Audio: Rain Study after').getAttribute('src')).toMatch(/^\/media\/songs\/[^/]+-e\d+\.mp3$/);

    await row.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('undone');
    await batch.getByRole('button', { name: 'Keep results (delete previous versions)' }).click();
    await expect.poll(() => batch.textContent(), { timeout: 10_000 }).toContain('confirmed');
    expect(errors).toEqual([]);
  });
});
