import { buildSchema } from 'type-graphql';
import type { GraphQLSchema } from 'graphql';
import type { AppPubSub } from '../pubsub/pubsub.js';
import { AuthResolver } from '../auth/auth.resolver.js';
import { UsersResolver } from '../users/users.resolver.js';

export const resolvers = [AuthResolver, UsersResolver] as const;

export function buildAppSchema(pubSub: AppPubSub): Promise<GraphQLSchema> {
  return buildSchema({
    resolvers: [...resolvers],
    pubSub,
    // Input is validated by the services (zod), the same code path REST uses.
    validate: false,
  });
}
