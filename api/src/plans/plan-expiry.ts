import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../app/logger.js';
import type { PlanService } from './plan.service.js';

const SWEEP_MS = 60_000;

/**
 * Downgrades expired plans to free once a minute (limits already treat an expired plan as free the
 * moment it ends; this writes it down and tells the user's sessions). Returns the stop function.
 */
export function startPlanExpiry(plans: PlanService, orm: MikroORM, logger: Logger): () => void {
  const sweep = () => plans.expireDue(orm.em.fork()).catch((error) => logger.error(error, 'Expiring plans failed'));
  void sweep();
  const timer = setInterval(sweep, SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}
