// The shape of GET /status's answer, written once: the document's StatusReport is converted from
// it, the REST selection derived from it and the service's report typed by it.
import { z } from 'zod';
import { API_VERSION } from '../config/constants.ts';
import type { ShapeExample } from '../shared/shape-parts.ts';

const check = () => z.enum(['ok', 'error']);

export const statusShape = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string().meta({ description: 'The API version.' }),
  checks: z.object({ database: check(), queue: check() }),
});

/** The document's components, by name. */
export const STATUS_SHAPES = { StatusReport: statusShape };

type StatusExample = ShapeExample<typeof statusShape>;
export const STATUS_EXAMPLES = {
  Status: {
    summary: 'Everything up',
    value: { status: 'ok', version: API_VERSION, checks: { database: 'ok', queue: 'ok' } },
  } satisfies StatusExample,
  StatusDegraded: {
    summary: 'PostgreSQL down',
    value: {
      status: 'degraded',
      version: API_VERSION,
      checks: { database: 'error', queue: 'error' },
    },
  } satisfies StatusExample,
};
