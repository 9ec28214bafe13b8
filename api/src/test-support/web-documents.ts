import { Kind, isEnumType, isInputObjectType, isListType, isNonNullType, isScalarType, type DocumentNode, type GraphQLInputType, type GraphQLSchema, typeFromAST, type TypeNode } from 'graphql';
import { addTypenameToDocument } from '@apollo/client/utilities';

/**
 * Every document the web app sends: codegen's typed documents (one per `graphql()` call in
 * web/src, kept fresh by CI), with the `__typename` fields Apollo Client adds to each selection.
 */
export async function webDocuments(): Promise<Array<{ name: string; document: DocumentNode }>> {
  // Imported by URL: the web workspace's sources are not part of the api's TypeScript project.
  const generated: Record<string, unknown> = await import(new URL('../../../web/src/gql/graphql.ts', import.meta.url).href);
  return Object.entries(generated)
    .filter((entry): entry is [string, DocumentNode] => typeof entry[1] === 'object' && entry[1] !== null && (entry[1] as DocumentNode).kind === Kind.DOCUMENT)
    // Fragment documents are sent only inside the operations that spread them.
    .filter(([, document]) => document.definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION))
    .map(([name, document]) => ({ name, document: addTypenameToDocument(document) }));
}

/** The largest value the server accepts for a page size (the costliest a client can ask). */
const LARGEST_PAGE = 100;

/** A value of the type that the server accepts: every required field filled, page sizes at their largest. */
export function sampleValue(type: GraphQLInputType, name: string): unknown {
  if (isNonNullType(type)) return sampleValue(type.ofType, name);
  if (isListType(type)) return [sampleValue(type.ofType, name)];
  if (isInputObjectType(type)) {
    return Object.fromEntries(Object.values(type.getFields()).filter((f) => isNonNullType(f.type)).map((f) => [f.name, sampleValue(f.type, f.name)]));
  }
  if (isEnumType(type)) return type.getValues()[0].value;
  if (isScalarType(type)) {
    if (type.name === 'Int') return name === 'first' ? LARGEST_PAGE : 1;
    if (type.name === 'Float') return 1;
    if (type.name === 'Boolean') return false;
    if (type.name === 'DateTimeISO') return new Date(0).toISOString();
    // Smart playlist rules: the smallest valid ones (every song).
    if (type.name === 'JSONObject') return { all: [] };
    return '1';
  }
  throw new Error(`No sample for ${String(type)}`);
}

/** Variables for a document's operation, as sampleValue makes them. */
export function sampleVariables(schema: GraphQLSchema, document: DocumentNode): Record<string, unknown> {
  const operation = document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
  const variables: Record<string, unknown> = {};
  for (const definition of operation?.kind === Kind.OPERATION_DEFINITION ? (operation.variableDefinitions ?? []) : []) {
    const type = typeFromAST(schema, definition.type as TypeNode & { kind: Kind.NAMED_TYPE }) as GraphQLInputType;
    variables[definition.variable.name.value] = sampleValue(type, definition.variable.name.value);
  }
  return variables;
}
