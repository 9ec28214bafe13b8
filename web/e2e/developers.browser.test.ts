/**
 * /developers as a new visitor meets it, in real Chromium on a server in safelist mode (so the web
 * app's own operations are shown to pass it): open signed out, find a type in the schema reference,
 * then sign up and reach the page from Account settings.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { GRAPHQL_LIMITS } from '../../api/src/graphql/public-api';
import { launchBrowser, type TestBrowser } from './browser';
import { startServer, type RunningServer } from './server';

describe('/developers', () => {
  let server: RunningServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    server = await startServer({ DEMO_CATALOGUE: 'false', GRAPHQL_SAFELIST: 'true' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('is open signed out, finds a type in the schema reference, and is linked from Account settings', async () => {
    const { page, errors } = await browser.newPage();
    // What the server refused, with what was sent (a safelist refusal names the operation).
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) refused.push(`${response.status()} ${response.url()} ${response.request().postData()?.slice(0, 200) ?? ''}`);
    });
    onTestFailed(() => {
      console.error(`API output:\n${server.output()}\nBrowser errors:\n${errors.join('\n')}\nRefused:\n${refused.join('\n')}`);
    });

    await page.goto(`${server.baseUrl}/developers`);
    await page.getByRole('heading', { level: 1, name: 'Songforge API for developers' }).waitFor();
    expect(await page.title()).toContain('Developers');
    // The limits are the server's own numbers.
    await page.getByRole('cell', { name: GRAPHQL_LIMITS.maxCost.toLocaleString('en-US'), exact: true }).waitFor();
    await page.getByRole('cell', { name: 'OPERATION_NOT_IN_SAFELIST' }).waitFor();

    // The reference: search narrows it to the type, with its fields and deprecations.
    const status = page.getByRole('status').filter({ hasText: 'types' });
    const total = Number((await status.textContent())!.split(' ')[0]);
    expect(total).toBeGreaterThan(100);
    await page.getByLabel('Search types and fields').fill('PlayHistoryConnection');
    await status.filter({ hasText: `of ${total} types` }).waitFor();
    const type = page.getByRole('article', { name: /^PlayHistoryConnection/ });
    await type.getByText('pageInfo: PageInfo!').waitFor();
    await type.getByText('totalCount: Int!').waitFor();
    await page.getByLabel('Search types and fields').fill('GenerationConnection');
    await page.getByRole('article', { name: /^GenerationConnection/ }).getByText('Deprecated: Use edges { node }.').waitFor();

    // Signed up, the page is in the shell and Account settings links to it.
    await page.getByRole('link', { name: 'Sign in to Songforge' }).click();
    await page.getByRole('tab', { name: 'Create account' }).click();
    await page.getByLabel('Username').fill(`dev_${Date.now().toString(36)}`);
    await page.getByLabel('Password').fill('developer-password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { level: 1, name: /Good (morning|afternoon|evening)/ }).waitFor();
    await page.goto(`${server.baseUrl}/account`);
    await page.getByRole('link', { name: 'API documentation for developers' }).click();
    await page.getByRole('heading', { level: 1, name: 'Songforge API for developers' }).waitFor();
    await page.getByRole('complementary', { name: 'Sidebar' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/developers');

    expect(errors).toEqual([]);
  });
});
