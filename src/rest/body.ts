// Request bodies, read as a stream with a hard size limit (413 past it, whatever Content-Length
// claims), then parsed as JSON (400 in the validation body when malformed).
import { PayloadTooLargeError, ValidationError } from '../errors.ts';

export async function readBody(request: Request, limitBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limitBytes) throw new PayloadTooLargeError(limitBytes);
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limitBytes) throw new PayloadTooLargeError(limitBytes);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

export async function readJson(request: Request, limitBytes: number): Promise<unknown> {
  const bytes = await readBody(request, limitBytes);
  if (bytes.byteLength === 0) throw ValidationError.field('body', 'A JSON body is required.');
  try {
    return JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
  } catch {
    throw ValidationError.field('body', 'The body is not valid JSON.');
  }
}
