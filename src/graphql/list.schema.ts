// The list arguments every GraphQL list shares (docs/decisions.md#lists), and the
// answer of a bulk deletion.
import { builder } from './builder.ts';

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
  fields: (t) => ({
    field: t.string({ required: true }),
    direction: t.string({ description: 'asc (default) or desc' }),
  }),
});

/** `{deletedCount, message}` of a bulk deletion, the message naming the resource ("2 trips deleted."). */
export function bulkDeleteResultType(name: string, noun: string) {
  return builder.objectRef<{ deletedCount: number }>(name).implement({
    fields: (t) => ({
      deletedCount: t.exposeInt('deletedCount'),
      message: t.string({
        resolve: (r) => `${r.deletedCount} ${noun}${r.deletedCount === 1 ? '' : 's'} deleted.`,
      }),
    }),
  });
}
