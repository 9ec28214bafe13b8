import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, Kind, visit, type DocumentNode } from 'graphql';
import { UNSAFE_TEXT_MESSAGE, hasUnsafeText } from '../common/validation.js';

/**
 * The string literals of documents already walked: Apollo (and the socket path) hand over one
 * document object per distinct text, and walking it on every request cost a few percent of a read.
 */
const literalsOf = new WeakMap<DocumentNode, string[]>();

/** Every string literal written in the document (arguments, variable defaults, directives). */
function stringLiterals(document: DocumentNode): string[] {
  let strings = literalsOf.get(document);
  if (!strings) {
    const found: string[] = [];
    visit(document, { [Kind.STRING]: (node) => void found.push(node.value) });
    literalsOf.set(document, (strings = found));
  }
  return strings;
}

/** The shared text rule (common/validation.ts) for a GraphQL request: literals and variables. */
export function unsafeTextError(document: DocumentNode, variables: unknown): GraphQLError | null {
  if (!hasUnsafeText([stringLiterals(document), variables])) return null;
  return new GraphQLError(UNSAFE_TEXT_MESSAGE, { extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } });
}

/**
 * Before any resolver runs: subscriptions belong to graphql-ws (over HTTP the subscription field
 * has no event to resolve), and text inputs follow the shared rule. Both are a 400.
 */
export const requestGuardsPlugin: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operation, document, request }) {
        if (operation?.operation === 'subscription') {
          throw new GraphQLError('Subscriptions are served over WebSocket (graphql-ws) at /graphql, not over HTTP', {
            extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
          });
        }
        const unsafe = unsafeTextError(document, [request.variables, request.operationName]);
        if (unsafe) throw unsafe;
      },
    };
  },
};
