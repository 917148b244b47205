// Loads every domain's types (through the registry, src/domains.ts), then builds the schema.
// No definitions here. One at a time, in the registry's order, so that the schema is built the
// same way every time.
import { DOMAINS } from '../domains.ts';
import { builder } from './builder.ts';

for (const domain of DOMAINS) await domain.graphql?.();

export const schema = builder.toSchema({ sortSchema: true });
