/**
 * /admin in real Chromium, as the installation's first account (the admin) sees it: the live
 * overview, changing another user's tier, and moderating a song whose profane lyrics its
 * generation job flagged, which then disappears for everyone but its owner.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { chromium, request, type APIRequestContext } from 'playwright-core';
import { CHROMIUM_PATH, launchBrowser, type TestBrowser } from './browser';
import { startServer, type RunningServer } from './server';
import { eventually } from './seededApp';

async function graphql<T>(api: APIRequestContext, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await api.post('/graphql', { data: { query, variables } });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (!body.data) throw new Error(`GraphQL failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

describe('the admin panel', () => {
  let server: RunningServer;
  let browser: TestBrowser;
  let writer: APIRequestContext;
  let listener: APIRequestContext;
  let songId: string;

  beforeAll(async () => {
    // One worker: the flagged song below is made by the real engine, and its heartbeat shows on the overview.
    server = await startServer({ DEMO_CATALOGUE: 'false', SEED: 'false', WORKER_CONCURRENCY: '1' });
    browser = await launchBrowser();
    // The first account of the installation is the admin; it signs in through the page below.
    const signUp = await browser.context.request.post(`${server.baseUrl}/api/register`, { data: { username: 'chief', password: 'chief-password' } });
    expect(signUp.status()).toBe(201);
    writer = await request.newContext({ baseURL: server.baseUrl });
    listener = await request.newContext({ baseURL: server.baseUrl });
    expect((await writer.post('/api/register', { data: { username: 'writer', password: 'writer-password' } })).status()).toBe(201);
    expect((await listener.post('/api/register', { data: { username: 'listener', password: 'listener-password' } })).status()).toBe(201);
    const lyrics = 'Driving through the city lights tonight\nWhat the f*ck is going on\nThis sh1t keeps me up till dawn';
    const { generateSong } = await graphql<{ generateSong: { id: string } }>(
      writer,
      'mutation ($lyrics: String!) { generateSong(input: { prompt: "late night synthwave drive", title: "Night Drive", lyrics: $lyrics, durationSeconds: 30, generateAlbumArt: false, seed: 3 }) { id } }',
      { lyrics },
    );
    await eventually(
      async () => (await graphql<{ generation: { status: string } }>(writer, 'query ($id: ID!) { generation(id: $id) { status } }', { id: generateSong.id })).generation.status,
      (status) => status === 'completed',
      'the flagged song to be generated',
      110_000,
    );
    songId = (await graphql<{ generation: { song: { id: string } } }>(writer, 'query ($id: ID!) { generation(id: $id) { song { id } } }', { id: generateSong.id })).generation.song.id;
  }, 180_000);

  afterAll(async () => {
    await writer?.dispose();
    await listener?.dispose();
    await browser?.close();
    await server?.stop();
  });

  it('opens from the user menu and shows the live overview', async () => {
    const { page, errors } = await browser.newPage();
    onTestFailed(() => console.error(`API output:\n${server.output()}\nBrowser errors:\n${errors.join('\n')}`));
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: /Account menu: chief/ }).click();
    await page.getByRole('menuitem', { name: 'Admin Panel' }).click();
    await page.waitForURL(`${server.baseUrl}/admin`);
    await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
    const stat = (label: string) => page.locator('.admin__stat').filter({ has: page.getByText(label, { exact: true }) }).locator('dd');
    await expect.poll(() => stat('Users').textContent()).toBe('3');
    expect(await stat('Songs').textContent()).toBe('1');
    expect(await stat('Generations today').textContent()).toBe('1');
    expect(await stat('App version').textContent()).toBe('2.0.0');
    expect(await page.getByRole('list', { name: 'Services' }).textContent()).toContain('PostgreSQL: up');
    // The worker's heartbeat: one row with its jobs and engine version.
    const worker = page.getByRole('row').filter({ hasText: `pid` });
    await expect.poll(() => worker.count(), { timeout: 15_000 }).toBe(1);
    expect(await worker.textContent()).toContain('2.0.0');
    expect(await worker.textContent()).toContain('of 1');
    // Refreshed live: a new account shows up without reloading.
    const late = await request.newContext({ baseURL: server.baseUrl });
    await late.post('/api/register', { data: { username: 'latecomer', password: 'latecomer-password' } });
    await late.dispose();
    await expect.poll(() => stat('Users').textContent(), { timeout: 12_000 }).toBe('4');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("changes a user's tier, which the user's account and the audit log then show", async () => {
    const { page, errors } = await browser.newPage();
    onTestFailed(() => console.error(`API output:\n${server.output()}\nBrowser errors:\n${errors.join('\n')}`));
    await page.goto(`${server.baseUrl}/admin`);
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('searchbox', { name: 'Search users' }).fill('writ');
    const tier = page.getByRole('combobox', { name: 'Tier of writer' });
    await tier.waitFor();
    expect(await page.getByRole('combobox', { name: /^Tier of / }).count()).toBe(1);
    await tier.selectOption('pro');
    await expect.poll(async () => (await graphql<{ me: { userTier: string; canManageSongs: boolean } }>(writer, '{ me { userTier canManageSongs } }')).me).toEqual({ userTier: 'pro', canManageSongs: true });
    expect(await tier.inputValue()).toBe('pro');

    await page.getByRole('tab', { name: 'Audit log' }).click();
    const entry = page.getByRole('row').filter({ hasText: 'user.update' });
    await entry.waitFor();
    expect(await entry.textContent()).toContain('chief');
    expect(await entry.textContent()).toContain('"userTier":"free"');
    expect(await entry.textContent()).toContain('"userTier":"pro"');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('moderates the flagged song: the lyrics are highlighted, and hiding it leaves it to its owner only', async () => {
    const { page, errors } = await browser.newPage();
    onTestFailed(() => console.error(`API output:\n${server.output()}\nBrowser errors:\n${errors.join('\n')}`));
    const songQuery = 'query ($id: ID!) { song(id: $id) { id moderationOutcome { status moderatorNotes } } }';
    expect((await graphql<{ song: { id: string } | null }>(listener, songQuery, { id: songId })).song?.id).toBe(songId);

    await page.goto(`${server.baseUrl}/admin`);
    await page.getByRole('tab', { name: 'Moderation' }).click();
    const card = page.getByRole('listitem', { name: 'Review Night Drive' });
    await card.waitFor();
    expect(await card.locator('mark').allTextContents()).toEqual(['f*ck', 'sh1t']);
    expect(await card.textContent()).toContain('flagged for offensive language');
    await card.getByLabel('Moderator notes').fill('Explicit words in a public song');
    await card.getByRole('button', { name: 'Hide' }).click();
    await card.waitFor({ state: 'detached' });
    expect(await page.getByText('Nothing to review.').isVisible()).toBe(true);

    expect((await graphql<{ song: unknown }>(listener, songQuery, { id: songId })).song).toBeNull();
    expect((await graphql<{ song: { moderationOutcome: unknown } }>(writer, songQuery, { id: songId })).song.moderationOutcome).toEqual({ status: 'hidden', moderatorNotes: 'Explicit words in a public song' });

    await page.getByRole('combobox', { name: /^Show/ }).selectOption('hidden');
    const reviewed = page.getByRole('listitem', { name: 'Review Night Drive' });
    await reviewed.waitFor();
    expect(await reviewed.textContent()).toContain('reviewed by chief');
    expect(errors).toEqual([]);
    await page.close();

    // The owner, in a browser of their own, sees the outcome on the song in their library.
    const ownerBrowser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
    try {
      const ownerContext = await ownerBrowser.newContext();
      expect((await ownerContext.request.post(`${server.baseUrl}/api/login`, { data: { username: 'writer', password: 'writer-password' } })).status()).toBe(200);
      const ownerPage = await ownerContext.newPage();
      await ownerPage.goto(`${server.baseUrl}/library`);
      const row = ownerPage.getByRole('listitem').filter({ hasText: 'Night Drive' });
      await row.getByRole('note').waitFor();
      expect(await row.getByRole('note').textContent()).toBe('Hidden by a moderator: only you can see it (Explicit words in a public song)');
    } finally {
      await ownerBrowser.close();
    }
  });

  it('requests a regeneration with a replacement, listens to both versions and accepts the new one', async () => {
    const { page, errors } = await browser.newPage();
    onTestFailed(() => console.error(`API output:\n${server.output()}\nBrowser errors:\n${errors.join('\n')}`));
    await page.goto(`${server.baseUrl}/admin?section=moderation`);
    await page.getByRole('combobox', { name: /^Show/ }).selectOption('hidden');
    const card = page.getByRole('listitem', { name: 'Review Night Drive' });
    await card.getByRole('textbox', { name: /^Replacements/ }).fill('fuck=heck');
    await card.getByRole('button', { name: 'Request regeneration' }).click();
    await card.waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: 'Regenerations' }).click();
    const request = page.getByRole('listitem', { name: 'Regeneration of Night Drive' });
    await request.getByRole('button', { name: 'Accept new version' }).waitFor({ timeout: 120_000 });
    expect(await request.textContent()).toContain('f*ck → heck');
    await request.getByRole('figure', { name: 'Regenerated version' }).getByText('What the heck is going on').waitFor();
    expect(await request.getByRole('figure', { name: 'Original version' }).textContent()).toContain('What the f*ck is going on');
    expect(await request.locator('audio').count()).toBe(2);
    await request.getByRole('button', { name: 'Accept new version' }).click();
    await request.getByText(/accepted by chief/).waitFor();

    // The listener now finds the rewritten song; its owner reads how the rewrite went.
    const search = await graphql<{ songs: { songs: Array<{ title: string; lyrics: string | null }> } }>(listener, '{ songs(first: 50) { songs { title lyrics } } }');
    expect(search.songs.songs.find((song) => song.title === 'Night Drive')?.lyrics).toContain('What the heck is going on');
    const owner = await graphql<{ song: { moderationOutcome: { regeneration: { decision: string } } } }>(writer, 'query ($id: ID!) { song(id: $id) { moderationOutcome { regeneration { decision } } } }', { id: songId });
    expect(owner.song.moderationOutcome.regeneration.decision).toBe('accepted');
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);
});
