import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { AppError, notFound } from '../common/errors.js';
import { parseInput } from '../common/validation.js';
import { recordAdminAction, requireAdmin } from '../admin/admin-access.js';
import type { User } from '../users/user.entity.js';
import { scheduleSchema } from './energy-schedule.js';
import { EnergySchedulePreset } from './energy-schedule-preset.entity.js';

const idSchema = z.coerce.number({ error: 'Invalid preset id' }).int('Invalid preset id').positive('Invalid preset id');
const fieldsSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  description: z.string({ error: 'Description is required' }).trim().min(1, 'Description is required').max(500, 'Description must be at most 500 characters'),
  schedule: scheduleSchema,
  displayOrder: z.number({ error: 'displayOrder must be a whole number' }).int('displayOrder must be a whole number').min(1, 'displayOrder starts at 1').nullish(),
});
const editSchema = fieldsSchema.partial();

const audited = (p: EnergySchedulePreset) => ({ name: p.name, description: p.description, schedule: p.schedule, displayOrder: p.displayOrder });

/**
 * The Mood & Time presets users start their schedule from (stored, seeded with the first three):
 * every signed-in user reads them; admins create, edit, reorder and delete them, audit-logged.
 */
export class SchedulePresetsService {
  list(em: EntityManager): Promise<EnergySchedulePreset[]> {
    return em.find(EnergySchedulePreset, {}, { orderBy: { displayOrder: 'asc', id: 'asc' } });
  }

  async create(em: EntityManager, user: User | null, input: unknown): Promise<EnergySchedulePreset> {
    const admin = requireAdmin(user);
    const { displayOrder, ...fields } = parseInput(fieldsSchema, input);
    return this.edit(em, async (tx, presets) => {
      const preset = tx.create(EnergySchedulePreset, { ...fields, displayOrder: presets.length + 1 });
      place(presets, preset, displayOrder ?? presets.length + 1);
      await tx.flush();
      recordAdminAction(tx, admin, { action: 'preset.create', targetType: 'energy_schedule_preset', targetId: preset.id, after: audited(preset) });
      return preset;
    }, fields.name);
  }

  async update(em: EntityManager, user: User | null, id: unknown, input: unknown): Promise<EnergySchedulePreset> {
    const admin = requireAdmin(user);
    const presetId = parseInput(idSchema, id);
    const { displayOrder, ...fields } = parseInput(editSchema, input);
    return this.edit(em, async (tx, presets) => {
      const preset = presets.find((p) => p.id === presetId);
      if (!preset) throw notFound('Preset not found');
      const before = audited(preset);
      tx.assign(preset, Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)));
      if (displayOrder != null) place(presets.filter((p) => p !== preset), preset, displayOrder);
      recordAdminAction(tx, admin, { action: 'preset.update', targetType: 'energy_schedule_preset', targetId: preset.id, before, after: audited(preset) });
      return preset;
    }, fields.name, presetId);
  }

  async delete(em: EntityManager, user: User | null, id: unknown): Promise<boolean> {
    const admin = requireAdmin(user);
    const presetId = parseInput(idSchema, id);
    await this.edit(em, async (tx, presets) => {
      const preset = presets.find((p) => p.id === presetId);
      if (!preset) throw notFound('Preset not found');
      recordAdminAction(tx, admin, { action: 'preset.delete', targetType: 'energy_schedule_preset', targetId: preset.id, before: audited(preset) });
      tx.remove(preset);
      presets.filter((p) => p !== preset).forEach((p, index) => (p.displayOrder = index + 1));
    });
    return true;
  }

  /** Runs an edit with every preset locked (orders renumbered 1..n never collide); a name stays unique. */
  private edit<T>(em: EntityManager, change: (tx: EntityManager, presets: EnergySchedulePreset[]) => Promise<T>, name?: string, ownId?: number): Promise<T> {
    return em.transactional(async (tx) => {
      const presets = await tx.find(EnergySchedulePreset, {}, { orderBy: { displayOrder: 'asc', id: 'asc' }, lockMode: LockMode.PESSIMISTIC_WRITE });
      if (name !== undefined && presets.some((p) => p.id !== ownId && p.name.toLowerCase() === name.toLowerCase())) throw new AppError('CONFLICT', `There is already a preset named ${name}`);
      return change(tx, presets);
    });
  }
}

/** Puts `preset` at the 1-based `order` among `others` and renumbers them all. */
function place(others: EnergySchedulePreset[], preset: EnergySchedulePreset, order: number): void {
  const ordered = others.filter((p) => p !== preset);
  ordered.splice(Math.min(order, ordered.length + 1) - 1, 0, preset);
  ordered.forEach((p, index) => (p.displayOrder = index + 1));
}
