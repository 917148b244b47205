// placeholder, replaced below
import type { GraphQLSchema } from 'graphql';
import type { Context } from '../graphql/context.ts';
import { NotFoundError } from '../errors.ts';
export async function handleCatalogPage(
  _schema: GraphQLSchema,
  _request: Request & { params: Record<string, string> },
  _context: Context,
): Promise<Response> {
  throw new NotFoundError();
}
