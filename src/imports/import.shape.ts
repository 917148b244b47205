// The shapes of an AI import job and of the 202 answer that starts one, written once
// (docs/decisions.md#ai-import): the document's TripImportJob and
// TripImportAccepted are converted from them and the REST selection derived from the job's.
import { z } from 'zod';
import { id, timestamp, url } from '../shared/shape-parts.ts';

const jobId = () => z.uuid().meta({ description: 'Public UUID of the job.' });

export const importJobShape = z.object({
  jobId: jobId(),
  status: z.enum(['processing', 'completed', 'error', 'canceled']),
  stage: z
    .enum(['initializing', 'extractingText', 'generatingBlocks', 'enrichingBlocks', 'completed'])
    .meta({ description: 'In this order; each is visible while it runs.' }),
  publicUrl: url().meta({
    description:
      "The trip's public page once completed, /t/{slug}; before, /i/{jobId}, a page that waits for the trip and then leads to it. Both are served at PUBLIC_PAGES_URL (by default this service).",
  }),
  builderUrl: url().meta({
    description: 'The trip in the builder once completed (needs signing in).',
  }),
  tripId: id().nullable().meta({ description: 'Set when completed.' }),
  tripSlug: z.string().nullable().meta({ description: 'Set when completed.' }),
  // Left out of the answer when it does not apply (the REST route drops it).
  error: z
    .string()
    .meta({
      description:
        "Only when status is error, and only for readers of imports in the job's account.",
    })
    .optional(),
  aiCredits: z
    .int()
    .min(0)
    .meta({
      description:
        "Credits the job consumed: one per started page or image (a text: one per 3,000 characters). Only for readers of imports in the job's account.",
    })
    .optional(),
  updatedAt: timestamp(),
});
export type ImportJobShape = z.output<typeof importJobShape>;

/** The 202 answer of create: the job id and where to follow it. */
export const importAcceptedShape = z.object({
  jobId: jobId(),
  status: z.literal('processing'),
  links: z.object({
    publicUrl: url(),
    builderUrl: url(),
    status: url().meta({
      description: 'Where to poll the job (the variant of the API that was called).',
    }),
    cancel: url().meta({ description: 'Where to cancel it.' }),
  }),
});

/** The document's components, by name. */
export const IMPORT_SHAPES = {
  TripImportAccepted: importAcceptedShape,
  TripImportJob: importJobShape,
};
