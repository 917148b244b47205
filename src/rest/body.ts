// Request bodies, read as a stream with a hard size limit (413 past it, whatever Content-Length
// claims), then parsed as JSON (400 in the validation body when malformed).
import { PayloadTooLargeError, ValidationError } from '../errors.ts';
import { jsonSyntaxProblem } from '../shared/json-syntax.ts';

/** How much of an oversized body is read and discarded so the client sees the 413 (see below). */
const DRAIN_FACTOR = 4;

/** `drainBytes`: how much of an oversized body to discard so the client reads the 413 (see below). */
export async function readBody(
  request: Request,
  limitBytes: number,
  drainBytes = limitBytes * DRAIN_FACTOR,
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limitBytes) {
    // Announced too large: refused unread, but the body is still discarded as it comes, or the
    // socket closes on it and the client gets a reset instead of the 413 (the 4.8 MB
    // anonymous GraphQL document did, found by test/faults/anonymous-barrage.test.ts).
    const drained = Boolean(request.body) && declared <= drainBytes;
    if (drained) void drain(request.body!.getReader(), drainBytes);
    throw new PayloadTooLargeError(limitBytes, { drained });
  }
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    size += next.value.byteLength;
    if (size > limitBytes) {
      // Cancelling now would reset the connection while the client is still sending, and many
      // clients then never read our 413. Discard the rest in the background, up to a bound.
      void drain(reader, drainBytes);
      throw new PayloadTooLargeError(limitBytes);
    }
    chunks.push(next.value);
  }
  return Buffer.concat(chunks, size);
}

async function drain(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  budget: number,
): Promise<void> {
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      budget -= next.value.byteLength;
      if (budget < 0) return void (await reader.cancel());
    }
  } catch {
    // the client went away: nothing left to do
  }
}

/** How a route refuses a missing or malformed body: the validation body unless it has its own. */
export interface JsonBodyRefusal {
  refuse(message: string): Error;
  missing: string;
}

const VALIDATION_BODY: JsonBodyRefusal = {
  refuse: (message) => ValidationError.field('body', message),
  missing: 'A JSON body is required.',
};

export async function readJson(
  request: Request,
  limitBytes: number,
  { refuse, missing } = VALIDATION_BODY,
): Promise<unknown> {
  const bytes = await readBody(request, limitBytes);
  if (bytes.byteLength === 0) throw refuse(missing);
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    throw refuse(notJsonMessage(text));
  }
}

/** `The body is not valid JSON: unexpected '}' at line 3, column 1.` */
export function notJsonMessage(text: string): string {
  return `The body is not valid JSON: ${jsonSyntaxProblem(text) ?? 'it does not parse'}.`;
}
