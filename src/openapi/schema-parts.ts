// Small building blocks of the hand-written response schemas, shared by every domain's part.
import type { Schema } from './types.ts';

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const nullable = (schema: Schema): Schema => ({ anyOf: [schema, { type: 'null' }] });
export const id: Schema = { type: 'integer', minimum: 1 };
export const timestamp: Schema = { type: 'string', format: 'date-time' };
export const url: Schema = { type: 'string', format: 'uri' };

/** The paginated envelope of the list conventions (service-spec "List query conventions"). */
export const page = (items: Schema): Schema => ({
  type: 'object',
  required: ['data', 'page', 'pageSize', 'totalCount', 'totalPages'],
  properties: {
    data: { type: 'array', items },
    page: { type: 'integer', minimum: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: 100 },
    totalCount: { type: 'integer', minimum: 0 },
    totalPages: { type: 'integer', minimum: 0 },
  },
});
