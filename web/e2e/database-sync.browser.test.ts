/**
 * /admin/database-sync in real Chromium, as the installation's first account (the admin): opens it
 * from the Admin Panel, sees the two library songs as new, transfers one and sees it in sync,
 * transfers the rest with "Transfer all" and its progress, then imports the catalogue's own export,
 * which finds everything already there.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { launchBrowser, type TestBrowser } from './browser';
import { seedSongs, type SeededData } from './playbackSongs';
import { startServer, type RunningServer } from './server';

describe('database sync', () => {
  let data: SeededData;
  let server: RunningServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    data = await seedSongs([
      { id: 'sync-one', title: 'Sync One', artist: 'Sync Tester', genre: 'jazz', mood: 'calm', seconds: 4, frequency: 440 },
      { id: 'sync-two', title: 'Sync Two', artist: 'Sync Tester', genre: 'rock', mood: 'energetic', seconds: 4, frequency: 330 },
    ]);
    server = await startServer({ DATA_DIR: data.dataDir, DEMO_CATALOGUE: 'false', SEED: 'false', WORKER_CONCURRENCY: '0' });
    browser = await launchBrowser();
    // The first account of the installation is the admin.
    expect((await browser.context.request.post(`${server.baseUrl}/api/register`, { data: { username: 'syncer', password: 'syncer-password' } })).status()).toBe(201);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await data?.remove();
  });

  it('shows the diff, transfers a song and then all of them, and imports its own export without duplicates', async () => {
    const { page, errors } = await browser.newPage();
    onTestFailed(() => console.error(`API output:\n${server.output()}\nBrowser errors:\n${errors.join('\n')}`));
    await page.goto(`${server.baseUrl}/admin`);
    await page.getByRole('navigation', { name: 'Admin pages' }).getByRole('link', { name: 'Database Sync' }).click();
    await page.waitForURL(`${server.baseUrl}/admin/database-sync`);
    await page.getByRole('heading', { name: 'Database Sync', level: 1 }).waitFor();
    const stat = (label: string) => page.locator('.admin__stat').filter({ has: page.getByText(label, { exact: true }) }).locator('dd');
    await expect.poll(() => stat('New').textContent()).toBe('2');
    expect(await stat('In sync').textContent()).toBe('0');

    const fresh = page.getByRole('region', { name: 'New songs' });
    await fresh.getByRole('checkbox', { name: /Sync One/ }).check();
    await fresh.getByRole('button', { name: 'Transfer selected (1)' }).click();
    await expect.poll(() => stat('In sync').textContent()).toBe('1');
    expect(await stat('New').textContent()).toBe('1');
    await page.getByRole('region', { name: 'In sync' }).getByText('Sync One').waitFor();

    await page.getByRole('button', { name: 'Transfer all (1)' }).click();
    const progress = page.getByRole('region', { name: 'Transfer all' });
    await expect.poll(() => progress.textContent(), { timeout: 15_000 }).toContain('Completed: 1 of 1 songs transferred');
    await expect.poll(() => stat('In sync').textContent()).toBe('2');
    expect(await stat('New').textContent()).toBe('0');
    expect(await page.getByRole('link', { name: 'Download export' }).getAttribute('href')).toBe('/api/admin/production/export');

    const exported = await browser.context.request.get(`${server.baseUrl}/api/admin/production/export`);
    expect(exported.status()).toBe(200);
    await page.getByLabel('Catalogue archive').setInputFiles({ name: 'catalogue.tar.gz', mimeType: 'application/gzip', buffer: await exported.body() });
    await page.getByRole('button', { name: 'Import' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Imported' }).textContent()).toBe('Imported 0, skipped 2 already here, 0 under a new id, 0 files.');
    expect(await stat('In sync').textContent()).toBe('2');
    expect(errors).toEqual([]);
    await page.close();
  });
});
