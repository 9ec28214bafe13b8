/**
 * Radio, Radio v2 and Mood & Time in real Chromium against the built API, as a new user (the
 * installation's first account, so also its admin): play a station from /radio and see
 * 'Radio: {genre}' in the player bar, edit a station in the Admin Panel, tune and play Radio v2 from
 * the sidebar, on /mood-curation drag the energy curve (for every day, then one weekday's), save it, create an override and read what is
 * in force now, and as the admin edit a Mood & Time preset that users then see on /mood-curation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP_VIEWPORT } from './browser';
import { eventually, graphql, openSeededApp, playerOf, sidebarLink, type SeededApp } from './seededApp';
import type { TestSong } from './playbackSongs';

const SONGS: TestSong[] = [
  { id: 'rd-lofi-1', title: 'Dusty Tape', artist: 'Test Bench', genre: 'lo-fi', mood: 'chill', seconds: 20, frequency: 440, waveform: [0.3, 0.3, 0.3] },
  { id: 'rd-lofi-2', title: 'Rainy Desk', artist: 'Test Bench', genre: 'lo-fi', mood: 'chill', seconds: 20, frequency: 494, waveform: [0.3, 0.3, 0.3] },
  { id: 'rd-jazz-1', title: 'Smoky Room', artist: 'Test Bench', genre: 'jazz', mood: 'romantic', seconds: 20, frequency: 523, waveform: [0.4, 0.4, 0.4] },
  { id: 'rd-jazz-2', title: 'Late Trio', artist: 'Test Bench', genre: 'jazz', mood: 'romantic', seconds: 20, frequency: 587, waveform: [0.4, 0.4, 0.4] },
];

describe('Radio, Radio v2 and Mood & Time in real Chromium', () => {
  let session: SeededApp;
  let page: Page;

  beforeAll(async () => {
    session = await openSeededApp(SONGS, { usernamePrefix: 'listener', viewport: DESKTOP_VIEWPORT });
    ({ page } = session);
  }, 240_000);

  afterAll(async () => {
    await session?.close();
  });

  const queue = () => graphql<{ queue: { radioGenre: string | null; currentSong: { genre: string } | null; upcomingQueue: Array<{ genre: string }> } }>(session.context, session.server.baseUrl, '{ queue { radioGenre currentSong { genre } upcomingQueue { genre } } }');

  it('plays a station from /radio and shows the radio badge; an admin edits a station in the Admin Panel', async () => {
    await page.goto(`${session.server.baseUrl}/radio`);
    await page.getByRole('heading', { level: 1, name: 'Radio Stations' }).waitFor();
    const jazz = page.getByRole('listitem', { name: 'jazz station' });
    await jazz.getByText('2 songs').waitFor();
    await jazz.getByRole('button', { name: 'Play jazz radio' }).click();
    await playerOf(page).getByText('Radio: jazz', { exact: true }).waitFor();
    await playerOf(page).getByRole('button', { name: 'Pause', exact: true }).waitFor({ timeout: 30_000 });
    const playing = await eventually(queue, (q) => q.queue.radioGenre === 'jazz' && q.queue.upcomingQueue.length === 3, 'the jazz radio queue');
    expect([playing.queue.currentSong?.genre, ...playing.queue.upcomingQueue.map((s) => s.genre)]).toEqual(['jazz', 'jazz', 'jazz', 'jazz']);
    await jazz.getByText('On air').waitFor();
    // Two songs cannot keep a station of three fresh: the card says new ones are being made for this listener.
    await jazz.getByRole('status').filter({ hasText: /^Making (a new song|\d+ new songs) for you$/ }).waitFor();

    // The line-up is edited in the Admin Panel (linked from /radio): a new mood and description, then
    // the jazz station moved to the top; /radio shows both.
    await page.getByRole('link', { name: 'Edit the stations in the Admin Panel' }).click();
    await page.waitForURL(/\/admin\?section=radio$/);
    const editor = page.getByRole('form', { name: 'Edit jazz station' });
    await editor.getByRole('combobox', { name: 'Mood' }).selectOption('chill');
    await editor.getByRole('textbox', { name: 'Description' }).fill('Trios after midnight.');
    await editor.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved the jazz station').first().waitFor();
    const placeOf = async () => Number((await editor.locator('.station-editor__name').textContent())!.split('.')[0]);
    for (let place = await placeOf(); place > 1; place -= 1) {
      await editor.getByRole('button', { name: 'Move jazz station up' }).click();
      await expect.poll(placeOf).toBe(place - 1);
    }
    await page.goto(`${session.server.baseUrl}/radio`);
    const first = page.getByRole('list', { name: 'Radio stations' }).getByRole('listitem').first();
    await expect.poll(() => first.getAttribute('aria-label')).toBe('jazz station');
    await first.locator('.station-card__description', { hasText: 'Trios after midnight.' }).waitFor();
    await first.getByText(/^chill ·/).waitFor();
    expect(session.errors).toEqual([]);
  });

  it('tunes Radio v2 from the sidebar and plays songs that match the dials', async () => {
    await sidebarLink(page, 'Radio').click();
    await page.waitForURL(/\/radio-v2$/);
    const dials = page.getByRole('form', { name: 'Radio dials' });
    await dials.getByRole('button', { name: 'lo-fi', exact: true }).click();
    await expect.poll(() => dials.getByRole('button', { name: 'lo-fi', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await dials.getByRole('slider', { name: /Energy/ }).fill('0.3');
    await dials.getByRole('button', { name: 'Tune in' }).click();
    await playerOf(page).getByText('Radio: lo-fi', { exact: true }).waitFor();
    const tuned = await eventually(queue, (q) => q.queue.radioGenre === 'lo-fi' && q.queue.currentSong?.genre === 'lo-fi', 'the tuned radio');
    expect(tuned.queue.upcomingQueue.every((s) => s.genre === 'lo-fi')).toBe(true);
    await page.getByRole('heading', { name: 'Up next on Radio: lo-fi' }).waitFor();
    expect(session.errors).toEqual([]);
  });

  it('edits the energy schedule by dragging, creates an override and shows what is in force now', async () => {
    await sidebarLink(page, 'Mood & Time').click();
    await page.waitForURL(/\/mood-curation$/);
    await page.getByRole('heading', { name: 'In force now' }).waitFor();
    await page.locator('.mood-now__line[data-source="schedule"]').waitFor();

    // Presets, then drag the first point of the curve up to the top of the chart.
    await page.getByRole('button', { name: 'Gym mornings' }).click();
    const chart = page.getByRole('group', { name: 'Energy curve for every day' });
    const point = chart.getByRole('slider').first();
    const before = Number(await point.getAttribute('aria-valuenow'));
    const box = (await point.boundingBox())!;
    const chartBox = (await chart.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, chartBox.y + 10, { steps: 8 });
    await page.mouse.up();
    await expect.poll(async () => Number(await point.getAttribute('aria-valuenow'))).toBeGreaterThan(before + 0.5);
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await page.getByText('Schedule saved').first().waitFor();
    const saved = await graphql<{ energySchedule: { isDefault: boolean; timezone: string; curves: { everyDay: Array<{ hour: number; energy: number }> } } }>(
      session.context,
      session.server.baseUrl,
      '{ energySchedule { isDefault timezone curves { everyDay { hour energy } } } }',
    );
    expect(saved.energySchedule.isDefault).toBe(false);
    expect(saved.energySchedule.timezone).toBeTruthy();
    expect(saved.energySchedule.curves.everyDay[0].energy).toBeGreaterThan(0.9);

    // A curve per weekday: Saturday's first point dragged down to the bottom, the other days keep the every-day curve.
    await page.getByRole('radio', { name: 'A curve per weekday' }).check();
    await page.getByRole('group', { name: 'Weekday' }).getByRole('button', { name: 'Sat' }).click();
    const saturday = page.getByRole('group', { name: 'Energy curve for Saturday' });
    const saturdayPoint = saturday.getByRole('slider').first();
    const pointBox = (await saturdayPoint.boundingBox())!;
    const saturdayBox = (await saturday.boundingBox())!;
    await page.mouse.move(pointBox.x + pointBox.width / 2, pointBox.y + pointBox.height / 2);
    await page.mouse.down();
    await page.mouse.move(pointBox.x + pointBox.width / 2, saturdayBox.y + saturdayBox.height - 10, { steps: 8 });
    await page.mouse.up();
    await expect.poll(async () => Number(await saturdayPoint.getAttribute('aria-valuenow'))).toBeLessThan(0.15);
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await expect
      .poll(async () => {
        const { energySchedule } = await graphql<{ energySchedule: { curves: { perWeekday: boolean; weekdays: Record<string, Array<{ energy: number }>> | null } } }>(
          session.context,
          session.server.baseUrl,
          '{ energySchedule { curves { perWeekday weekdays { monday { energy } saturday { energy } } } } }',
        );
        return energySchedule.curves.perWeekday && energySchedule.curves.weekdays ? [energySchedule.curves.weekdays.saturday[0].energy < 0.15, energySchedule.curves.weekdays.monday[0].energy > 0.9] : null;
      })
      .toEqual([true, true]);

    // An override for today, with moods: it is in force now, and the line says why.
    await page.getByRole('button', { name: 'New override' }).click();
    const form = page.getByRole('form', { name: 'New override' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Exam week');
    await form.getByRole('slider', { name: /Energy/ }).fill('0.2');
    await form.getByRole('button', { name: 'peaceful', exact: true }).click();
    await form.getByRole('button', { name: 'Create override' }).click();
    await page.getByText('Override "Exam week" saved').first().waitFor();
    const line = page.locator('.mood-now__line[data-source="override"]');
    await line.waitFor();
    expect(await line.textContent()).toMatch(/^Override "Exam week" until the end of \w+, energy 0\.2, moods peaceful$/);

    // Turned off: the schedule is in force again.
    await page.getByRole('checkbox', { name: 'Exam week active' }).uncheck();
    await page.locator('.mood-now__line[data-source="schedule"]').waitFor();
    expect(session.errors).toEqual([]);
  });

  it('lets the admin edit a Mood & Time preset: users start from it on /mood-curation', async () => {
    await page.goto(`${session.server.baseUrl}/admin?section=presets`);
    const editor = page.getByRole('form', { name: 'Edit Wind down preset' });
    await editor.getByRole('textbox', { name: 'Name' }).fill('Quiet evenings');
    await editor.getByRole('textbox', { name: 'Description' }).fill('Calm from dinner on.');
    await editor.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved the Quiet evenings preset').first().waitFor();
    // A new preset from the admin's own schedule (saved in the test before).
    const form = page.getByRole('form', { name: 'New preset' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Early bird');
    await form.getByRole('textbox', { name: 'Description' }).fill('Up with the sun.');
    await form.getByRole('button', { name: 'Add preset from my schedule' }).click();
    await page.getByText('Created the preset Early bird').first().waitFor();
    await page.getByRole('listitem', { name: 'Early bird preset' }).waitFor();

    await sidebarLink(page, 'Mood & Time').click();
    await page.waitForURL(/\/mood-curation$/);
    const presets = page.getByRole('group', { name: 'Presets' });
    await presets.getByRole('button', { name: 'Quiet evenings' }).waitFor();
    expect(await presets.getByRole('button', { name: 'Quiet evenings' }).getAttribute('title')).toBe('Calm from dinner on.');
    await presets.getByRole('button', { name: 'Early bird' }).waitFor();
    expect(await presets.getByRole('button', { name: 'Wind down' }).count()).toBe(0);
    const audit = await graphql<{ adminAuditLog: { entries: Array<{ action: string }> } }>(session.context, session.server.baseUrl, '{ adminAuditLog(first: 20) { entries { action } } }');
    expect(audit.adminAuditLog.entries.map((e) => e.action)).toEqual(expect.arrayContaining(['preset.update', 'preset.create', 'radio.update']));
    expect(session.errors).toEqual([]);
  });
});
