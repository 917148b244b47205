// The create-import body (decisions "AI trip import"): `source` is one of
// {type:"url", url}, {type:"text", text: string | object} or {type:"inline", data: base64, filename},
// plus `isTemplate`. Every problem is a 400 with the AI operations' codes, never the field map.
import { z } from 'zod';
import { LIMITS } from '../config/constants.ts';
import { BadRequestError } from '../errors.ts';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const urlSource = z.strictObject({ type: z.literal('url'), url: z.string().min(1).max(2048) });
const textSource = z.strictObject({
  type: z.literal('text'),
  text: z.union([
    z.string().trim().min(1),
    z.record(z.string(), z.unknown()),
    z.array(z.unknown()).min(1),
  ]),
});
const inlineSource = z.strictObject({
  type: z.literal('inline'),
  data: z.string().min(1),
  filename: z.string().trim().min(1).max(255),
});

export const createImportBody = z.strictObject({
  source: z.discriminatedUnion('type', [urlSource, textSource, inlineSource]),
  isTemplate: z.boolean().optional(),
});

export type ImportSource = z.infer<typeof createImportBody>['source'];
export type CreateImportInput = { source: ImportSource; isTemplate: boolean };

/** The body, or the `invalid_source` error that says what is wrong with it. */
export function parseCreateImport(body: unknown): CreateImportInput {
  const result = createImportBody.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const where = issue.path.length ? issue.path.join('.') : 'body';
    throw new BadRequestError('invalid_source', `${where}: ${describe(issue)}`);
  }
  return { source: result.data.source, isTemplate: result.data.isTemplate ?? false };
}

function describe(issue: z.core.$ZodIssue): string {
  if (issue.path[0] === 'source' && issue.path.length <= 2 && issue.code === 'invalid_union') {
    return 'source.type must be "url", "text" or "inline".';
  }
  if (issue.code === 'unrecognized_keys') return `not accepted: ${issue.keys.join(', ')}.`;
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'is required.';
  return issue.message;
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

/** A text source as the document's text: objects are stringified (service-spec "Trip import"). */
export function textOf(text: string | Record<string, unknown> | unknown[]): string {
  return typeof text === 'string' ? text : JSON.stringify(text, null, 2);
}

export const tooLarge = () =>
  new BadRequestError(
    'invalid_source',
    `The document is larger than ${LIMITS.importDocumentBytes / (1024 * 1024)} MB.`,
  );
