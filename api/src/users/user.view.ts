import { Field, ID, Int, ObjectType } from 'type-graphql';
import { DateTimeISOResolver } from 'graphql-scalars';
import type { User } from './user.entity.js';
import { effectivePermissions, normalizeTier } from './permissions.js';

/**
 * The user as every client sees it (SPEC 3), for GraphQL and REST alike. Permission flags are the
 * effective ones (own flag or tier grant); the password hash and provider API key never leave.
 */
@ObjectType('User')
export class UserView {
  @Field(() => ID) id!: string;
  @Field(() => String) username!: string;
  @Field(() => String, { nullable: true }) email!: string | null;
  @Field(() => String, { nullable: true }) avatarUrl!: string | null;
  @Field(() => String, { description: 'free, starter, basic, pro, premium or admin' }) userTier!: string;
  @Field(() => String) subscriptionStatus!: string;
  @Field(() => DateTimeISOResolver, { nullable: true }) subscriptionExpiresAt!: Date | null;
  @Field(() => Boolean) canGenerateMusic!: boolean;
  @Field(() => Boolean) canManageSongs!: boolean;
  @Field(() => Boolean) canAccessAdmin!: boolean;
  @Field(() => Boolean) canAccessDJ!: boolean;
  @Field(() => Boolean) adminOverride!: boolean;
  @Field(() => Int) monthlyGenerationLimit!: number;
  @Field(() => Int) defaultDuration!: number;
  @Field(() => Boolean) generateAlbumArt!: boolean;
  @Field(() => Boolean) generateLyrics!: boolean;
  @Field(() => Boolean, { description: 'True when a voice/audio provider key is stored (the key itself is never returned).' })
  hasAudioProviderKey!: boolean;
  @Field(() => DateTimeISOResolver) createdAt!: Date;
}

export function toUserView(user: User): UserView {
  return Object.assign(new UserView(), {
    id: String(user.id),
    username: user.username,
    email: user.email,
    avatarUrl: user.avatarUrl,
    userTier: normalizeTier(user.userTier),
    subscriptionStatus: user.subscriptionStatus,
    subscriptionExpiresAt: user.subscriptionExpiresAt,
    ...effectivePermissions(user),
    adminOverride: user.adminOverride,
    monthlyGenerationLimit: user.monthlyGenerationLimit,
    defaultDuration: user.defaultDuration,
    generateAlbumArt: user.generateAlbumArt,
    generateLyrics: user.generateLyrics,
    hasAudioProviderKey: user.audioProviderApiKey !== null,
    createdAt: user.createdAt,
  });
}
