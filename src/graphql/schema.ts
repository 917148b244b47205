// Builds the schema from the domains the composition root hands over (service.ts; the printing
// script and the tests pass the same list, src/domains.ts): each domain's types load, one at a
// time in the list's order, so that the schema is built the same way every time. No definitions
// here.
import type { GraphQLSchema } from 'graphql';
import type { DomainModule } from '../domain-module.ts';
import { builder } from './builder.ts';

let built: { domains: readonly DomainModule[]; schema: Promise<GraphQLSchema> } | undefined;

/**
 * The schema of `domains`. The builder is one per process, and so is the schema: the first call
 * builds it, later calls with the same list get it, another list is a mistake.
 */
export function buildSchema(domains: readonly DomainModule[]): Promise<GraphQLSchema> {
  if (built && built.domains !== domains)
    throw new Error('The GraphQL schema is built once a process, from one list of domains.');
  built ??= { domains, schema: load(domains) };
  return built.schema;
}

async function load(domains: readonly DomainModule[]): Promise<GraphQLSchema> {
  for (const domain of domains) await domain.graphql?.();
  return builder.toSchema({ sortSchema: true });
}
