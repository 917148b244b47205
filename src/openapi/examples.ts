// Example values of the document that belong to no domain (each domain's are beside its shapes and
// paths, given through the registry); the document test checks every example against its schema.
import type { Example } from './types.ts';

export const EXAMPLES = {
  ValidationErrors: {
    summary: 'Two fields wrong',
    value: {
      errors: { title: ['Title is required.'], duration: ['Duration must be a positive integer.'] },
    },
  },
} satisfies Record<string, Example>;

export const errorExample = (code: string, message: string): Example => ({
  summary: code,
  value: { error: { code, message } },
});
