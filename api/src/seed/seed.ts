import type { EntityManager } from '@mikro-orm/postgresql';
import { RadioStation } from '../radio/radio-station.entity.js';
import { RADIO_LINEUP } from '../radio/stations.js';
import type { Logger } from '../app/logger.js';

/**
 * First-start data, idempotent: rows that already exist (by their natural key) are left as
 * they are, so an admin's edits survive restarts.
 */
export async function seedDatabase(em: EntityManager, logger: Logger): Promise<void> {
  const existing = new Set((await em.find(RadioStation, {}, { fields: ['genre'] })).map((s) => s.genre));
  let added = 0;
  RADIO_LINEUP.forEach((station, index) => {
    if (existing.has(station.genre)) return;
    em.create(RadioStation, { ...station, songCount: 3, isActive: true, displayOrder: index + 1 });
    added += 1;
  });
  await em.flush();
  if (added) logger.info(`Seeded ${added} radio stations`);
}
