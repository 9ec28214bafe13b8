import { buildSchema, isEnumType, isInputObjectType, isInterfaceType, isObjectType, isScalarType, isUnionType, type GraphQLNamedType } from 'graphql';
// The committed schema.graphql, bundled at build time: the reference is generated from the very schema codegen reads.
import schemaSdl from '../../../schema.graphql?raw';

export interface ReferenceArgument {
  name: string;
  type: string;
  defaultValue: string | null;
  description: string | null;
}

export interface ReferenceField {
  name: string;
  type: string;
  description: string | null;
  deprecationReason: string | null;
  args: ReferenceArgument[];
}

export interface ReferenceType {
  name: string;
  kind: 'object' | 'input' | 'enum' | 'scalar' | 'interface' | 'union';
  description: string | null;
  fields: ReferenceField[];
}

function kindOf(type: GraphQLNamedType): ReferenceType['kind'] {
  if (isInputObjectType(type)) return 'input';
  if (isEnumType(type)) return 'enum';
  if (isScalarType(type)) return 'scalar';
  if (isInterfaceType(type)) return 'interface';
  if (isUnionType(type)) return 'union';
  return 'object';
}

function fieldsOf(type: GraphQLNamedType): ReferenceField[] {
  if (isObjectType(type) || isInterfaceType(type)) {
    return Object.values(type.getFields()).map((field) => ({
      name: field.name,
      type: String(field.type),
      description: field.description ?? null,
      deprecationReason: field.deprecationReason ?? null,
      args: field.args.map((arg) => ({ name: arg.name, type: String(arg.type), defaultValue: arg.defaultValue === undefined ? null : JSON.stringify(arg.defaultValue), description: arg.description ?? null })),
    }));
  }
  if (isInputObjectType(type)) {
    return Object.values(type.getFields()).map((field) => ({ name: field.name, type: String(field.type), description: field.description ?? null, deprecationReason: field.deprecationReason ?? null, args: [] }));
  }
  if (isEnumType(type)) return type.getValues().map((value) => ({ name: value.name, type: '', description: value.description ?? null, deprecationReason: value.deprecationReason ?? null, args: [] }));
  if (isUnionType(type)) return type.getTypes().map((member) => ({ name: member.name, type: '', description: null, deprecationReason: null, args: [] }));
  return [];
}

/** Every type of the public schema (the root types first, then by name), built-in scalars and introspection types left out. */
export function schemaReference(): ReferenceType[] {
  const schema = buildSchema(schemaSdl);
  const roots = ['Query', 'Mutation', 'Subscription'];
  return Object.values(schema.getTypeMap())
    .filter((type) => !type.name.startsWith('__') && !['String', 'Int', 'Float', 'Boolean', 'ID'].includes(type.name))
    .sort((a, b) => (roots.includes(a.name) ? roots.indexOf(a.name) : 9) - (roots.includes(b.name) ? roots.indexOf(b.name) : 9) || a.name.localeCompare(b.name))
    .map((type) => ({ name: type.name, kind: kindOf(type), description: type.description ?? null, fields: fieldsOf(type) }));
}

/** The types whose name, or one of whose fields' names or descriptions, contains the text. */
export function searchReference(types: readonly ReferenceType[], text: string): ReferenceType[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...types];
  return types.filter(
    (type) => type.name.toLowerCase().includes(needle) || type.fields.some((field) => field.name.toLowerCase().includes(needle) || (field.description ?? '').toLowerCase().includes(needle)),
  );
}
