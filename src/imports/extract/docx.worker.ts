// A worker thread's one job: Word documents (sent one at a time) to the text and schema.org items
// html.ts reads from them, through mammoth's HTML. It runs apart from the service's event loop
// (mammoth and the HTML parser work synchronously: a large document would stall the API and the
// jobs' heartbeats), and docx.ts stops it when it takes too long or too much heap.
import { parentPort } from 'node:worker_threads';
import mammoth from 'mammoth';
import { readHtml, type HtmlContent } from './html.ts';

export type DocxAnswer = { ok: true; content: HtmlContent } | { ok: false; error: string };

async function read(bytes: Uint8Array): Promise<HtmlContent> {
  const { value } = await mammoth.convertToHtml(
    { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
    {
      // Images are not read (the import reads the text): nothing unpacked, no data URIs.
      convertImage: mammoth.images.imgElement(async () => ({ src: '' })),
      externalFileAccess: false,
    },
  );
  return readHtml(value);
}

parentPort?.on('message', (bytes: Uint8Array) => {
  read(bytes).then(
    (content) => parentPort?.postMessage({ ok: true, content } satisfies DocxAnswer),
    (error: unknown) =>
      parentPort?.postMessage({
        ok: false,
        error: String((error as Error)?.message ?? error),
      } satisfies DocxAnswer),
  );
});
