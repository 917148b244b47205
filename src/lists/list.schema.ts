// The list arguments every GraphQL list shares (service-spec "List query conventions").
import { builder } from '../graphql/builder.ts';

export const ListFilterInput = builder.inputType('ListFilterInput', {
  fields: (t) => ({
    field: t.string({ required: true }),
    operator: t.string({ required: true, description: 'eq, neq, gt, gte, lt, lte, in, contains' }),
    value: t.field({ type: 'JSON' }),
  }),
});
export const ListSearchInput = builder.inputType('ListSearchInput', {
  fields: (t) => ({ fields: t.stringList(), term: t.string({ required: true }) }),
});
export const ListOrderInput = builder.inputType('ListOrderInput', {
  fields: (t) => ({ field: t.string({ required: true }), direction: t.string({ description: 'asc (default) or desc' }) }),
});
