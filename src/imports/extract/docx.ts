// A Word document (.docx): converted to HTML by mammoth, so that its headings, tables and lists
// keep their structure, then read as any HTML page is (html.ts: a heading a line, a table row a
// line with its cells apart). Images are left out. The ZIP's parts are measured with a bounded
// inflate before the converter unpacks them, and the work runs in a worker thread (docx.worker.ts) stopped after
// IMPORTS.docxTimeoutMs or at IMPORTS.docxHeapMb of heap: a zip bomb or a 20 MB document costs a
// bounded time and memory, and never blocks the service's event loop.
import { Worker } from 'node:worker_threads';
import { IMPORTS } from '../../config/constants.ts';
import { ImportFailure } from '../pipeline.errors.ts';
import type { DocxAnswer } from './docx.worker.ts';
import type { HtmlContent } from './html.ts';
import { readZipEntry, zipEntries } from './zip.ts';

const MB = 1024 * 1024;
/** Loading mammoth and the HTML parser takes about half a second: workers are kept for the next document. */
const MAX_IDLE = 2;
const IDLE_MS = 60_000;

export async function readDocx(bytes: Uint8Array, signal?: AbortSignal): Promise<HtmlContent> {
  checkSizes(bytes);
  return convert(bytes, signal);
}

/**
 * The parts mammoth unpacks (all but the media) must fit IMPORTS.docxXmlBytes once inflated. They
 * are inflated here, with that bound, before the converter sees them: a directory may lie about
 * sizes, and an unbounded inflate of a zip bomb would fill the memory before any check.
 */
function checkSizes(bytes: Uint8Array): void {
  const entries = zipEntries(bytes);
  if (!entries) throw new ImportFailure('The Word document could not be read (not a ZIP).');
  let unpacked = 0;
  for (const entry of entries) {
    if (entry.name.startsWith('word/media/') || entry.name.endsWith('/')) continue;
    const read = readZipEntry(bytes, entry, IMPORTS.docxXmlBytes - unpacked);
    if (read.tooLarge)
      throw new ImportFailure(
        `The Word document's text and markup are more than ${IMPORTS.docxXmlBytes / MB} MB unpacked: split it, or save it as PDF.`,
      );
    if (!read.content)
      throw new ImportFailure(`The Word document could not be read (its part ${entry.name}).`);
    unpacked += read.content.length;
  }
}

interface Idle {
  worker: Worker;
  timer: NodeJS.Timeout;
}
const idle: Idle[] = [];

function takeWorker(): Worker {
  const kept = idle.pop();
  if (kept) clearTimeout(kept.timer);
  const worker =
    kept?.worker ??
    new Worker(new URL('./docx.worker.ts', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: IMPORTS.docxHeapMb },
    });
  worker.ref();
  return worker;
}

function keepWorker(worker: Worker): void {
  if (idle.length >= MAX_IDLE) return void worker.terminate();
  worker.unref();
  const timer = setTimeout(() => {
    idle.splice(idle.findIndex((i) => i.worker === worker) >>> 0, 1);
    void worker.terminate();
  }, IDLE_MS);
  timer.unref();
  idle.push({ worker, timer });
}

function convert(bytes: Uint8Array, signal?: AbortSignal): Promise<HtmlContent> {
  signal?.throwIfAborted();
  const worker = takeWorker();
  return new Promise<HtmlContent>((resolve, reject) => {
    const done = (keep: boolean, settle: () => void) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (keep) keepWorker(worker);
      else void worker.terminate();
      settle();
    };
    const fail = (message: string) => done(false, () => reject(new ImportFailure(message)));
    const timer = setTimeout(
      () =>
        fail(
          `The Word document took more than ${IMPORTS.docxTimeoutMs / 1000} s to read: split it, or save it as PDF.`,
        ),
      IMPORTS.docxTimeoutMs,
    );
    const onAbort = () => done(false, () => reject(signal?.reason));
    const onMessage = (answer: DocxAnswer) =>
      answer.ok
        ? done(true, () => resolve(answer.content))
        : done(true, () =>
            reject(new ImportFailure(`The Word document could not be read (${answer.error}).`)),
          );
    const onError = (error: Error & { code?: string }) =>
      fail(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? 'The Word document is too large to read: split it, or save it as PDF.'
          : `The Word document could not be read (${error.message}).`,
      );
    const onExit = () => fail('The Word document could not be read (its reader stopped).');
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage(bytes);
  });
}

/** Ends the kept workers (tests, shutdown). */
export async function stopDocx(): Promise<void> {
  const workers = idle.splice(0);
  for (const { timer } of workers) clearTimeout(timer);
  await Promise.all(workers.map(({ worker }) => worker.terminate()));
}
