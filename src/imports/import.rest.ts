// The AI import's three operations, on both variants (docs/decisions.md#ai-import):
// {ai_url}/trip-imports... on the AI listener and {base_url}/ai/trips... on the API listener.
// Every error uses the AI operations' body {error: {code, message}}, validation included.
import type { GraphQLSchema } from 'graphql';
import type { IRequest } from 'itty-router';
import { actorCan, missingPermissionMessage } from '../auth/actor.ts';
import { LIMITS } from '../config/constants.ts';
import { BadRequestError, ForbiddenError, UnauthenticatedError } from '../errors.ts';
import type { Context } from '../graphql/context.ts';
import { parseCreateImport } from './import.input.ts';
import { apiUrls } from './import.links.ts';
import {
  findUnstorableText,
  isStorableText,
  UNSTORABLE_TEXT_MESSAGE,
} from '../shared/storable-text.ts';
import { fieldPath } from '../validation.ts';
import { readJson } from '../rest/body.ts';
import { prepareOperation, runOperation } from '../rest/execute.ts';
import { jsonResponse } from '../rest/errors.ts';
import type { RestRouter, Surface } from '../rest/types.ts';
import { selectionOf } from '../rest/selection.ts';
import { importJobShape } from './import.shape.ts';

/** The AI operations answer a missing or malformed body in their own error body. */
const SOURCE_BODY = {
  refuse: (message: string) => new BadRequestError('invalid_source', message),
  missing: 'A JSON body with a source is required.',
};

/** The GraphQL selection of a job: its shape's fields. */
const JOB_FIELDS = selectionOf(importJobShape);

const PATHS: Record<Surface, { create: string; status: string; cancel: string }> = {
  ai: {
    create: '/trip-imports',
    status: '/trip-imports/:publicId/status',
    cancel: '/trip-imports/:publicId/actions/cancel',
  },
  api: {
    create: '/ai/trips/from-document',
    status: '/ai/trips/:publicId/status',
    cancel: '/ai/trips/:publicId/actions/cancel',
  },
};

type JobBody = Record<string, unknown> & {
  jobId: string;
  status: string;
  publicUrl: string;
  builderUrl: string;
  error: string | null;
  aiCredits: number | null;
};

export function registerImportRoutes(
  router: RestRouter,
  schema: GraphQLSchema,
  surface: Surface,
): void {
  const CREATE = prepareOperation<{ createTripImport: JobBody }>(
    schema,
    `
    mutation CreateTripImport($input: CreateTripImportInput!) { createTripImport(input: $input) { ${JOB_FIELDS} } }`,
  );
  const STATUS = prepareOperation<{ tripImport: JobBody }>(
    schema,
    `query TripImport($jobId: String!) { tripImport(jobId: $jobId) { ${JOB_FIELDS} } }`,
  );
  const CANCEL = prepareOperation<{ cancelTripImport: JobBody }>(
    schema,
    `
    mutation CancelTripImport($jobId: String!) { cancelTripImport(jobId: $jobId) { ${JOB_FIELDS} } }`,
  );
  const paths = PATHS[surface];

  router.post(paths.create, async (request, context) => {
    requireCreator(context);
    const input = parseCreateImport(await readJson(request, LIMITS.importBodyBytes, SOURCE_BODY));
    // The same rule as every other string (shared/storable-text.ts), in this endpoint's error body.
    const unstorable = findUnstorableText(input);
    if (unstorable)
      throw new BadRequestError(
        'invalid_source',
        `${fieldPath(unstorable)} ${UNSTORABLE_TEXT_MESSAGE}`,
      );
    const { createTripImport: job } = await runOperation(schema, CREATE, context, { input });
    const { config } = context.services;
    return jsonResponse(
      {
        jobId: job.jobId,
        status: job.status,
        links: {
          publicUrl: job.publicUrl,
          builderUrl: job.builderUrl,
          ...apiUrls(config, job.jobId, surface),
        },
      },
      202,
    );
  });

  router.get(paths.status, async (request, context) =>
    jsonResponse(
      jobBody(
        (await runOperation(schema, STATUS, context, { jobId: publicId(request) })).tripImport,
      ),
    ),
  );

  router.post(paths.cancel, async (request, context) => {
    requireCreator(context);
    return jsonResponse(
      jobBody(
        (await runOperation(schema, CANCEL, context, { jobId: publicId(request) }))
          .cancelTripImport,
      ),
    );
  });
}

/**
 * The job id of the path. A malformed escape (`%E0%A4%A`) or an escaped NUL cannot name a job, so
 * the id stays as sent and is not found (job_not_found, the AI operations' own error body).
 */
function publicId(request: IRequest): string {
  const raw = request.params.publicId ?? '';
  try {
    const decoded = decodeURIComponent(raw);
    // No job id holds a NUL (`%00`): as sent, it names no job (404) rather than being a bad field.
    return isStorableText(decoded) ? decoded : raw;
  } catch {
    return raw; // decodeURIComponent threw URIError, answered 500 before (found by the OpenAPI fuzzer)
  }
}

/** 401 and 403 before the body is looked at. */
function requireCreator(context: Context): void {
  if (!context.actor) throw new UnauthenticatedError('missing_api_key');
  if (!actorCan(context.actor, 'create:imports'))
    throw new ForbiddenError(missingPermissionMessage(context.actor, 'create:imports'));
}

/**
 * The job as the API answers it (docs/decisions.md#ai-import): `error` only when in error and
 * visible, `aiCredits` only when visible.
 */
function jobBody(job: JobBody): Record<string, unknown> {
  const { error, aiCredits, ...rest } = job;
  return {
    ...rest,
    ...(error !== null && job.status === 'error' ? { error } : {}),
    ...(aiCredits !== null ? { aiCredits } : {}),
  };
}
