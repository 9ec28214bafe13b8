import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { parseInput } from '../common/validation.js';
import { badInput, forbidden } from '../common/errors.js';
import type { AppPubSub } from '../pubsub/pubsub.js';
import { Topics, userTopic } from '../pubsub/pubsub.js';
import type { UsersChangedEvent } from '../auth/sessions.js';
import { User } from './user.entity.js';
import { countGenerationsThisMonth } from '../generation/monthly-quota.js';
import { limitsFor } from '../plans/tiers.js';
import { toUserView, type UserView } from './user.view.js';

const SITE = 'http://site.invalid';

function resolvesTo(url: string, base?: string): URL | null {
  try {
    return new URL(url, base);
  } catch {
    return null;
  }
}

const isWebUrl = (value: string) => /^https?:\/\//i.test(value) && ['http:', 'https:'].includes(resolvesTo(value)?.protocol ?? '');

/**
 * A path on this site, as a browser resolves it: "//evil.example/x.png" (protocol-relative),
 * "/\evil.example" (browsers read the backslash as a slash) and "/\t/evil.example" (tabs are
 * dropped) all lead to another host.
 */
const isSitePath = (value: string) => value.startsWith('/') && !value.includes('\\') && resolvesTo(value, SITE)?.origin === SITE;

export const profileSchema = z
  .object({
    email: z.string().trim().toLowerCase().max(254, 'Email is too long').pipe(z.email({ error: 'Email is not a valid address' })).nullable(),
    avatarUrl: z
      .string()
      .trim()
      .max(2048, 'Avatar URL is too long')
      .refine((v) => isWebUrl(v) || isSitePath(v), 'Avatar URL must be an http(s) URL or a path on this site')
      .nullable(),
    defaultDuration: z.number().int('Default duration must be a whole number of seconds').min(30, 'Default duration must be between 30 and 480 seconds').max(480, 'Default duration must be between 30 and 480 seconds'),
    generateAlbumArt: z.boolean(),
    generateLyrics: z.boolean(),
  })
  .partial();

export type ProfileUpdate = z.infer<typeof profileSchema>;

/** A user's own account settings; every change is pushed to their other sessions (userUpdated). */
export class UsersService {
  constructor(private readonly pubsub: AppPubSub) {}

  async updateProfile(em: EntityManager, user: User, input: unknown): Promise<User> {
    const { email, ...changes } = parseInput(profileSchema, input);
    const managed = await em.findOneOrFail(User, { id: user.id });
    // Taking over an account starts with its email: changing it needs the password (AccountService.changeEmail).
    if (email !== undefined && email !== managed.email) throw badInput('Change your email in Account settings, with your current password');
    em.assign(managed, changes);
    await em.flush();
    publishUserUpdated(this.pubsub, managed);
    return managed;
  }

  /**
   * Generations the user may still request this month (their plan's limit less this month's
   * requests that did not fail), or null without a limit. Only the user themself may ask.
   */
  async generationsLeftThisMonth(em: EntityManager, requester: User, userId: number): Promise<number | null> {
    if (requester.id !== userId) throw forbidden('Only the user themself can see their remaining generations');
    const owner = await em.findOneOrFail(User, { id: userId });
    const limit = limitsFor(owner).monthlyGenerations;
    if (limit === null) return null;
    return Math.max(0, limit - (await countGenerationsThisMonth(em, userId)));
  }
}

export interface UserUpdatedEvent {
  userId: number;
  user: UserView;
}

/**
 * Tells the user's other sessions (any device or API process) that their account changed, on the
 * user's own topic, and every process's session cache to read their row again (usersChanged).
 */
export function publishUserUpdated(pubsub: AppPubSub, user: User): void {
  const event: UserUpdatedEvent = { userId: user.id, user: toUserView(user) };
  pubsub.announce(userTopic(Topics.userUpdated, user.id), event);
  const changed: UsersChangedEvent = { userIds: [user.id] };
  pubsub.announce(Topics.usersChanged, changed);
}
