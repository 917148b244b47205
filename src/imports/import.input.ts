// The create-import body (docs/decisions.md#ai-import): `source` is one of
// {type:"url", url}, {type:"text", text: string | object} or {type:"inline", data: base64, filename},
// plus `isTemplate`. Every problem is a 400 with the AI operations' codes, never the field map.
import { z } from 'zod';
import { LIMITS } from '../config/constants.ts';
import { BadRequestError } from '../errors.ts';
import { didYouMean } from '../shared/did-you-mean.ts';
import { pathDeeperThan } from '../shared/json-depth.ts';
import { fieldPath, kindOf, productMessage } from '../validation.ts';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const urlSource = z.strictObject({ type: z.literal('url'), url: z.string().min(1).max(2048) });
const textSource = z.strictObject({
  type: z.literal('text'),
  text: z.union(
    [z.string().trim().min(1), z.record(z.string(), z.unknown()), z.array(z.unknown()).min(1)],
    {
      // The union's own words would be "does not have any of the accepted shapes". An empty string
      // or array is not this issue: zod reports it as too small, worded by productMessage.
      error: (issue) =>
        issue.input === undefined
          ? 'source.text is required: the document as a string, or a JSON object or array.'
          : `source.text must be a string, or a JSON object or array, not ${kindOf(issue.input)}.`,
    },
  ),
});
const inlineSource = z.strictObject({
  type: z.literal('inline'),
  data: z.string().min(1),
  filename: z.string().trim().min(1).max(255),
});

const SOURCE_KINDS =
  '{"type": "url", "url": ...}, {"type": "text", "text": ...} or {"type": "inline", "data": ..., "filename": ...}';

export const createImportBody = z.strictObject({
  source: z.discriminatedUnion('type', [urlSource, textSource, inlineSource], {
    // Its own issues: a source that is not an object, or one without a known type.
    error: (issue) =>
      issue.input === undefined
        ? `source is required: ${SOURCE_KINDS}.`
        : issue.input === null
          ? `source cannot be null: give ${SOURCE_KINDS}.`
          : typeof issue.input === 'object' && !Array.isArray(issue.input)
            ? 'source.type must be "url", "text" or "inline".'
            : `source must be one of ${SOURCE_KINDS}, not ${kindOf(issue.input)}.`,
  }),
  isTemplate: z.boolean().optional(),
});

export type ImportSource = z.infer<typeof createImportBody>['source'];
export type CreateImportInput = { source: ImportSource; isTemplate: boolean };

/**
 * The body, or the `invalid_source` error that says what is wrong with it, in the words of every
 * other validation message (productMessage in validation.ts): "isTemplate must be true or false,
 * not a string.", "source.text cannot be empty.". The first problem only: the body has one message.
 */
export function parseCreateImport(body: unknown): CreateImportInput {
  const known = new Map<string, readonly string[]>();
  const result = createImportBody.safeParse(body, {
    error: (issue) => productMessage(issue, known),
  });
  if (!result.success)
    throw new BadRequestError('invalid_source', sentenceOf(result.error.issues[0]!, known));
  const { source } = result.data;
  // A JSON text nested thousands deep parses, then overflows the stack when read as text.
  const deep =
    source.type === 'text' && typeof source.text === 'object'
      ? pathDeeperThan(source.text, LIMITS.importTextJsonDepthMax)
      : undefined;
  if (deep)
    throw new BadRequestError(
      'invalid_source',
      `source.text nests deeper than ${LIMITS.importTextJsonDepthMax} levels of objects and arrays (at ${fieldPath(['source', 'text', ...deep])}).`,
    );
  return { source, isTemplate: result.data.isTemplate ?? false };
}

/** An issue's message; an unknown field is named with the fields its object takes. */
function sentenceOf(
  issue: z.core.$ZodIssue,
  known: ReadonlyMap<string, readonly string[]>,
): string {
  if (issue.code !== 'unrecognized_keys') return issue.message;
  const where = fieldPath(issue.path);
  const accepted = known.get(where) ?? [];
  const key = issue.keys[0]!;
  const takes = accepted.length ? ` It takes ${accepted.join(', ')}.` : '';
  return `${fieldPath([...issue.path, key])} is not a field of ${where}.${takes}${didYouMean(key, accepted)}`;
}

/** An inline document's bytes: strict base64 (whitespace allowed), at most 20 MB once decoded. */
export function decodeInline(data: string): Buffer {
  const compact = data.replace(/\s+/g, '');
  if (compact.length % 4 === 1 || !BASE64.test(compact))
    throw new BadRequestError('invalid_source', 'source.data must be base64.');
  if (Math.floor((compact.length * 3) / 4) > LIMITS.importDocumentBytes + 2) throw tooLarge();
  const bytes = Buffer.from(compact, 'base64');
  if (bytes.byteLength === 0) throw new BadRequestError('invalid_source', 'source.data is empty.');
  if (bytes.byteLength > LIMITS.importDocumentBytes) throw tooLarge();
  return bytes;
}

/** A text source as the document's text: objects are stringified (docs/decisions.md#ai-import). */
export function textOf(text: string | Record<string, unknown> | unknown[]): string {
  return typeof text === 'string' ? text : JSON.stringify(text, null, 2);
}

export const tooLarge = () =>
  new BadRequestError(
    'invalid_source',
    `The document is larger than ${LIMITS.importDocumentBytes / (1024 * 1024)} MB.`,
  );
