/**
 * An Apollo client over a scripted link for player UI tests: queries and mutations answer from
 * handlers by operation name, subscriptions are Subjects the test pushes into.
 */
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { Observable, Subject } from 'rxjs';
import type { PlayerAnalysisFieldsFragment as SongAnalysisData, PlayerSongFieldsFragment } from '../../gql/graphql';

type Handler = (variables: Record<string, unknown>) => unknown;

/** Return this from a handler to answer with GraphQL errors instead of data. */
export class GraphQLErrorAnswer {
  constructor(readonly errors: Array<{ message: string; extensions?: Record<string, unknown> }>) {}
}

export interface ScriptedApollo {
  client: ApolloClient;
  calls: Array<{ operationName: string; variables: Record<string, unknown> }>;
  /** Sends a subscription result (e.g. queueChanged) to every open subscription of that name. */
  push(operationName: string, data: unknown): void;
}

export function createScriptedApollo(handlers: Record<string, Handler>): ScriptedApollo {
  const calls: ScriptedApollo['calls'] = [];
  const subjects = new Map<string, Subject<ApolloLink.Result>>();
  const link = new ApolloLink((operation) => {
    const operationName = operation.operationName ?? '';
    calls.push({ operationName, variables: operation.variables });
    if (operation.query.definitions.some((d) => d.kind === 'OperationDefinition' && d.operation === 'subscription')) {
      let subject = subjects.get(operationName);
      if (!subject) subjects.set(operationName, (subject = new Subject()));
      return subject.asObservable();
    }
    return new Observable<ApolloLink.Result>((observer) => {
      const handler = handlers[operationName];
      Promise.resolve()
        .then(() => {
          if (!handler) throw new Error(`Unexpected operation ${operationName}`);
          return handler(operation.variables);
        })
        .then(
          (data) => {
            observer.next(data instanceof GraphQLErrorAnswer ? { errors: data.errors } : { data: data as Record<string, unknown> });
            observer.complete();
          },
          (error: unknown) => observer.error(error),
        );
    });
  });
  return {
    client: new ApolloClient({ cache: new InMemoryCache(), link }),
    calls,
    push: (operationName, data) => subjects.get(operationName)?.next({ data: data as Record<string, unknown> }),
  };
}

export type SongData = PlayerSongFieldsFragment & { __typename: 'Song' };

export function songData(id: string, overrides: Partial<SongData> = {}): SongData {
  return {
    __typename: 'Song',
    id,
    title: `Song ${id}`,
    artist: `Artist ${id}`,
    duration: 180,
    audioUrl: `/media/${id}.mp3`,
    coverUrl: null,
    thumbnailUrl: null,
    genre: 'lofi',
    mood: 'chill',
    isLiked: false,
    likeCount: 0,
    ...overrides,
  };
}

/** A PlayerSongAnalysis answer: the song without a stored analysis unless one is given. */
export function songAnalysisData(id: string, analysis: SongAnalysisData | null = null) {
  return { song: { __typename: 'Song' as const, id, analysis: analysis && { __typename: 'SongAnalysis' as const, ...analysis } } };
}

export function queueData(current: SongData | null, upcoming: SongData[] = [], version = 1, radioGenre: string | null = null) {
  return { __typename: 'Queue' as const, version, radioGenre, currentSong: current, upcomingQueue: upcoming, playHistory: [] };
}
