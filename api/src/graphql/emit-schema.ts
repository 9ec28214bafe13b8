/** `npm run schema`: writes the schema the code defines to the checked-in schema.graphql. */
import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { printSchema, lexicographicSortSchema } from 'graphql';
import { buildAppSchema } from './schema.js';
import { createPubSub } from '../pubsub/pubsub.js';

const target = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../schema.graphql');
const schema = await buildAppSchema(createPubSub(null));
writeFileSync(target, `${printSchema(lexicographicSortSchema(schema))}\n`);
console.log(`Wrote ${target}`);
