// OCR of JPG and PNG with tesseract.js, offline: the language data comes from the
// @tesseract.js-data/* npm packages (4.0.0_best_int), gathered into one folder because tesseract.js
// reads every language from one `langPath`. Workers are slow to start, so they are kept: one per
// language set, at most MAX_WORKERS, each used by one recognition at a time.
// Traps of tesseract.js: without `langPath` tesseract.js goes to a CDN;
// without an `errorHandler` a worker error kills the process; a language that fails to load makes
// createWorker hang, hence the time-out.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createWorker, type Worker } from 'tesseract.js';
import { detectLanguage, type Language } from './language.ts';

export const OCR_LANGUAGES: readonly Language[] = ['eng', 'spa', 'fra', 'por', 'deu', 'ita'];
const MAX_WORKERS = 2;
const START_TIMEOUT_MS = 30_000;

const require = createRequire(import.meta.url);
let langPath: string | undefined;

/** A folder holding `<lang>.traineddata.gz` for every language, linked from node_modules. */
function languageFolder(): string {
  if (langPath) return langPath;
  const folder = path.join(os.tmpdir(), `trips-tessdata-${process.getuid?.() ?? 'user'}`);
  fs.mkdirSync(folder, { recursive: true });
  for (const lang of OCR_LANGUAGES) {
    const source = path.join(
      path.dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`)),
      '4.0.0_best_int',
      `${lang}.traineddata.gz`,
    );
    const target = path.join(folder, `${lang}.traineddata.gz`);
    if (fs.existsSync(target) && fs.realpathSync(target) === fs.realpathSync(source)) continue;
    fs.rmSync(target, { force: true });
    fs.symlinkSync(source, target);
  }
  return (langPath = folder);
}

interface PooledWorker {
  worker: Promise<Worker>;
  busy: Promise<unknown>;
  lastUsed: number;
}
const pool = new Map<string, PooledWorker>();

function startWorker(langs: string): Promise<Worker> {
  const started = createWorker(langs.split('+'), 1, {
    langPath: languageFolder(),
    cacheMethod: 'none',
    gzip: true,
    errorHandler: () => {}, // a failed job rejects its own promise; this only keeps the process alive
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`The OCR engine did not start within ${START_TIMEOUT_MS / 1000} s.`)),
      START_TIMEOUT_MS,
    );
    timer.unref();
  });
  return Promise.race([started, timeout]).finally(() => clearTimeout(timer));
}

/** Runs `fn` on the worker for `langs`, one call at a time per worker. */
async function withWorker<T>(langs: string, fn: (worker: Worker) => Promise<T>): Promise<T> {
  let entry = pool.get(langs);
  if (!entry) {
    if (pool.size >= MAX_WORKERS) await evictOldest();
    entry = { worker: startWorker(langs), busy: Promise.resolve(), lastUsed: Date.now() };
    pool.set(langs, entry);
    entry.worker.catch(() => pool.delete(langs));
  }
  const current = entry;
  const run = current.busy
    .catch(() => {})
    .then(async () => {
      current.lastUsed = Date.now();
      return fn(await current.worker);
    });
  current.busy = run;
  return run;
}

async function evictOldest(): Promise<void> {
  const [langs, oldest] = [...pool.entries()].sort((a, b) => a[1].lastUsed - b[1].lastUsed)[0]!;
  pool.delete(langs);
  await oldest.busy.catch(() => {});
  await (await oldest.worker.catch(() => undefined))?.terminate();
}

/**
 * The text of an image. A first pass in English finds the language; a document in another of the
 * six languages is read again with that language first, which gets its accents right.
 */
export async function ocrImage(
  image: Uint8Array,
  signal?: AbortSignal,
): Promise<{ text: string; language: Language }> {
  const buffer = Buffer.from(image);
  const read = async (w: Worker) =>
    layoutText((await w.recognize(buffer, {}, { text: true, blocks: true })).data);
  const first = await withWorker('eng', read);
  const language = detectLanguage(first);
  if (language === 'eng' || signal?.aborted) return { text: first, language };
  const second = await withWorker(`${language}+eng`, read);
  return { text: second, language };
}

interface OcrWord {
  text: string;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}
interface OcrPage {
  text: string;
  blocks: Array<{ paragraphs: Array<{ lines: Array<{ words: OcrWord[] }> }> }> | null;
}

/**
 * The recognised text a line per line, with a tab where a line's words are far apart: the
 * columns of a table or an app screen ("21:00 ⇥ 06:30", "Piräus ⇥ 9 Std. ⇥ Heraklion") stay
 * cells, as a PDF's or an HTML table's do, instead of running into one another.
 */
export function layoutText(page: OcrPage): string {
  if (!page.blocks?.length) return page.text;
  // Rows across paragraphs: tesseract often makes each row of a table a paragraph of its own.
  const rows: Array<{ cells: string[]; opens: boolean }> = page.blocks.flatMap((block) =>
    block.paragraphs.flatMap((paragraph) =>
      paragraph.lines.map((line, i) => ({ cells: cellsOf(line), opens: i === 0 })),
    ),
  );
  const texts = tableRows(rows.map((r) => r.cells));
  return `${rows
    .map((r, i) => (r.opens && i > 0 ? `\n${texts[i]}` : texts[i]))
    .filter((t) => t?.trim())
    .join('\n')}\n`;
}

/** A line's words grouped into cells at the wide gaps. */
function cellsOf(line: { words: OcrWord[] }): string[] {
  const heights = line.words.map((w) => w.bbox.y1 - w.bbox.y0).sort((a, b) => a - b);
  const height = heights[Math.floor(heights.length / 2)] ?? 10;
  const cells: string[] = [];
  line.words.forEach((word, i) => {
    const previous = line.words[i - 1];
    if (!previous || word.bbox.x0 - previous.bbox.x1 > COLUMN_GAP * height) cells.push(word.text);
    else cells[cells.length - 1] += ` ${word.text}`;
  });
  return cells.map((c) => c.trim()).filter(Boolean);
}

/** A clock time ("21:00", "9h30", "06.30"), not a date's "4.12.2026". */
const CLOCK = /(?<![\d.])\d{1,2}[:.h]\d{2}(?![\d.])/;
const isTimes = (row: string[] | undefined) =>
  Boolean(row && row.length >= 2 && row.filter((c) => CLOCK.test(c)).length >= 2);
const isHeader = (row: string[] | undefined, next: string[] | undefined) =>
  Boolean(
    row &&
      next &&
      row.length >= 2 &&
      next.length >= row.length &&
      row.every((c) => /^[\p{L} .'’/-]+$/u.test(c) && c.split(/\s+/).length <= 3) &&
      next.filter((c) => /\d/.test(c)).length >= 2,
  );

/**
 * Lines as text: the rows that form a table keep their cells apart with a tab (a row of two or
 * more times, the row under it, a row of labels over a row of values, and that row); in any other
 * line a wide gap is only a space (a letterhead's address, a justified sentence).
 */
function tableRows(rows: string[][]): string[] {
  return rows.map((row, i) => {
    const table =
      isTimes(row) ||
      isTimes(rows[i - 1]) ||
      isTimes(rows[i + 1]) ||
      // A line of something else (an advert beside the table) may sit between labels and values.
      isHeader(row, rows[i + 1]) ||
      (isHeader(row, rows[i + 2]) && !isHeader(row, rows[i + 1])) ||
      isHeader(rows[i - 1], row) ||
      (isHeader(rows[i - 2], row) && !isHeader(rows[i - 2], rows[i - 1]));
    return row.join(table ? '\t' : ' ');
  });
}

/** A gap between two words wider than this many times the line's letter height separates columns. */
const COLUMN_GAP = 1.2;

/** Ends every worker (process shutdown, tests). */
export async function stopOcr(): Promise<void> {
  const entries = [...pool.values()];
  pool.clear();
  await Promise.all(entries.map(async (e) => (await e.worker.catch(() => undefined))?.terminate()));
}
