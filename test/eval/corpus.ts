// The evaluation corpus (test/fixtures/imports/corpus, format in its README.md): each document
// with its expectation, and the source a user would send for it to POST /ai/trips/from-document.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ImportSource } from '../../src/imports/import.input.ts';

export const CORPUS_DIR = fileURLToPath(new URL('../fixtures/imports/corpus/', import.meta.url));
const DEFAULT_NOW = '2026-01-15';
const INLINE = new Set(['html', 'htm', 'eml', 'ics', 'pdf', 'png', 'jpg', 'jpeg', 'docx']);

export interface ExpectedBlock {
  type: string;
  /** The day it happens on: a date (YYYY-MM-DD) or a day number (the corpus README, "day"). */
  day?: number | string;
  nights?: number;
  [key: string]: unknown;
}
export interface Expected {
  description: string;
  now?: string;
  language: string;
  title: { keywords: string[]; forbidden?: string[] };
  dateStart: string | null;
  dateFinish: string | null;
  duration: number | null;
  countries: string[];
  blocks: ExpectedBlock[];
  settings: Record<string, unknown>;
}

export interface CorpusDocument {
  id: string;
  format: string;
  file: string;
  expected: Expected;
  now: Date;
}

/**
 * Every document beside its `<id>.expected.json` in `dir` (the corpus by default), by id; `only`
 * keeps ids containing one of its words.
 */
export function loadCorpus(only: string[] = [], dir: string = CORPUS_DIR): CorpusDocument[] {
  const files = fs.readdirSync(dir);
  return files
    .filter((f) => f.endsWith('.expected.json'))
    .map((f) => f.slice(0, -'.expected.json'.length))
    .filter((id) => only.length === 0 || only.some((word) => id.includes(word)))
    .sort()
    .map((id) => {
      const file = files.find((f) => f.startsWith(`${id}.`) && !f.endsWith('.expected.json'));
      if (!file) throw new Error(`${id}.expected.json has no document beside it.`);
      const expected = JSON.parse(
        fs.readFileSync(path.join(dir, `${id}.expected.json`), 'utf8'),
      ) as Expected;
      return {
        id,
        format: file.slice(id.length + 1),
        file: path.join(dir, file),
        expected,
        now: new Date(`${expected.now ?? DEFAULT_NOW}T00:00:00Z`),
      };
    });
}

/** As the evaluator sends each extension (README: .txt as text, .json as the parsed object, the rest inline). */
export function sourceOf(doc: CorpusDocument): ImportSource {
  const bytes = fs.readFileSync(doc.file);
  if (doc.format === 'txt') return { type: 'text', text: bytes.toString('utf8') };
  if (doc.format === 'json')
    return { type: 'text', text: JSON.parse(bytes.toString('utf8')) as Record<string, unknown> };
  if (INLINE.has(doc.format))
    return { type: 'inline', data: bytes.toString('base64'), filename: path.basename(doc.file) };
  throw new Error(`${doc.file}: no rule for .${doc.format} documents.`);
}
