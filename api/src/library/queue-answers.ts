import type { AnswerSource } from '../graphql/kept-answers.js';
import type { QueueService } from './queue.service.js';
import type { CachedQueue } from './queue-read-cache.js';

/**
 * A query that asks for the queue and nothing else (the player's read) is answered with the JSON
 * kept with the cached queue (QueueService.queueEntry, QueueReadCache.keptAnswer) while that queue
 * is the user's current one.
 */
export function queueAnswers(queue: QueueService): AnswerSource<CachedQueue> {
  return {
    fields: new Set(['queue']),
    state: (ctx, userId) => queue.queueEntry(() => ctx.em, userId),
    kept: (userId, state, key) => queue.reads.keptAnswer(userId, state, key),
    keep: (userId, state, key, json) => queue.reads.keepAnswer(userId, state, key, json),
  };
}
