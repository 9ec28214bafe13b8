import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { notFound } from '../common/errors.js';
import { parseInput } from '../common/validation.js';
import { GenerationRequest, GENERATION_STATUSES } from '../generation/generation-request.entity.js';
import type { GenerationService } from '../generation/generation.service.js';
import type { User } from '../users/user.entity.js';
import { recordAdminAction, requireAdmin } from './admin-access.js';

const MAX_PAGE = 100;
/** Priorities an admin may set; users' requests are 0 and the demo catalogue below (the embedded queue runs higher first). */
export const PRIORITY_RANGE = { min: -10, max: 10 } as const;

const listSchema = z.object({
  status: z.enum(GENERATION_STATUSES, { error: `Status must be one of ${GENERATION_STATUSES.join(', ')}` }).nullish(),
  username: z.string().trim().min(1).max(32, 'User name is too long').nullish(),
  first: z.number().int().min(1, 'first must be between 1 and 100').max(MAX_PAGE, 'first must be between 1 and 100').default(25),
  after: z.string().regex(/^\d+$/, 'Invalid cursor').nullish(),
});
const idSchema = z.coerce.number({ error: 'Invalid generation id' }).int('Invalid generation id').positive('Invalid generation id');
const prioritySchema = z
  .number({ error: 'Priority must be a whole number' })
  .int('Priority must be a whole number')
  .min(PRIORITY_RANGE.min, `Priority must be between ${PRIORITY_RANGE.min} and ${PRIORITY_RANGE.max}`)
  .max(PRIORITY_RANGE.max, `Priority must be between ${PRIORITY_RANGE.min} and ${PRIORITY_RANGE.max}`);

export interface AdminGenerationPage {
  nodes: GenerationRequest[];
  endCursor: string | null;
  hasNextPage: boolean;
}

/**
 * Everyone's generation requests for admins. Cancel and retry are GenerationService's own (which
 * already lets admins act on any request), wrapped here so each admin action is audited.
 */
export class AdminQueueService {
  constructor(private readonly generation: GenerationService) {}

  async list(em: EntityManager, asker: User | null, input: unknown): Promise<AdminGenerationPage> {
    requireAdmin(asker);
    const { status, username, first, after } = parseInput(listSchema, input);
    const rows = await em.find(
      GenerationRequest,
      {
        ...(status ? { status } : {}),
        ...(username ? { user: { username: { $ilike: username.replace(/[\\%_]/g, (c) => `\\${c}`) } } } : {}),
        ...(after ? { id: { $lt: Number(after) } } : {}),
      },
      { orderBy: { id: 'desc' }, limit: first + 1, populate: ['user', 'song'] },
    );
    const nodes = rows.slice(0, first);
    return { nodes, hasNextPage: rows.length > first, endCursor: nodes.length ? String(nodes[nodes.length - 1].id) : null };
  }

  async cancel(em: EntityManager, asker: User | null, id: unknown): Promise<GenerationRequest> {
    const admin = requireAdmin(asker);
    const before = await this.generation.get(em, admin, id);
    const beforeStatus = before.status;
    const request = await this.generation.cancel(em, admin, id);
    await this.audit(em, admin, 'generation.cancel', request.id, { status: beforeStatus }, { status: request.status, error: request.error });
    return request;
  }

  async retry(em: EntityManager, asker: User | null, id: unknown): Promise<GenerationRequest> {
    const admin = requireAdmin(asker);
    const request = await this.generation.retry(em, admin, id);
    await this.audit(em, admin, 'generation.retry', request.id, { status: 'failed' }, { status: request.status, retryCount: request.retryCount });
    return request;
  }

  /** Raises or lowers a request: the embedded queue claims higher priorities first, BullMQ's waiting job is moved. */
  async setPriority(em: EntityManager, asker: User | null, id: unknown, priority: unknown): Promise<GenerationRequest> {
    const admin = requireAdmin(asker);
    const requestId = parseInput(idSchema, id);
    const value = parseInput(prioritySchema, priority);
    const request = await em.transactional(async (tx) => {
      const row = await tx.findOne(GenerationRequest, { id: requestId }, { populate: ['user', 'song'] });
      if (!row) throw notFound('Generation not found');
      const before = { priority: row.priority };
      row.priority = value;
      recordAdminAction(tx, admin, { action: 'generation.priority', targetType: 'generation', targetId: requestId, before, after: { priority: value } });
      return row;
    });
    if (request.status === 'pending') await this.generation.reprioritize(request.id, value);
    return request;
  }

  private async audit(em: EntityManager, admin: User, action: string, id: number, before: Record<string, unknown>, after: Record<string, unknown>): Promise<void> {
    await em.transactional(async (tx) => void recordAdminAction(tx, admin, { action, targetType: 'generation', targetId: id, before, after }));
  }
}
