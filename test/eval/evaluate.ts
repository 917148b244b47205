// Runs every corpus document through the import as the service does (importOffline: the
// pipeline's stages in-process, no database) and scores it.
import { stopOcr } from '../../src/imports/extract/ocr.ts';
import { importOffline } from '../../src/imports/import-offline.ts';
import { loadCorpus, sourceOf, type CorpusDocument } from './corpus.ts';
import {
  FIELDS,
  failedDocument,
  mean,
  scoreDocument,
  type DocumentScore,
  type Field,
} from './score.ts';

export interface DocumentResult {
  doc: CorpusDocument;
  score: DocumentScore;
  ms: number;
}

export async function evaluateCorpus(only: string[] = [], dir?: string): Promise<DocumentResult[]> {
  const results: DocumentResult[] = [];
  try {
    for (const doc of loadCorpus(only, dir)) {
      const started = performance.now();
      let score: DocumentScore;
      try {
        score = scoreDocument(await importOffline(sourceOf(doc), { now: doc.now }), doc.expected);
      } catch (error) {
        score = failedDocument((error as Error).message);
      }
      results.push({ doc, score, ms: performance.now() - started });
    }
  } finally {
    await stopOcr();
  }
  return results;
}

export interface Summary {
  documents: number;
  fields: Record<Field, number>;
  /** Mean of the documents' blocks recall × placement. */
  strict: number;
  overall: number;
}

export function summarize(results: DocumentResult[]): Summary {
  return {
    documents: results.length,
    fields: Object.fromEntries(
      FIELDS.map((f) => [f, mean(results.map((r) => r.score.fields[f]))]),
    ) as Record<Field, number>,
    strict: mean(results.map((r) => r.score.strict)),
    overall: mean(results.map((r) => r.score.score)),
  };
}

/** The results grouped by a key (format, language), each group summarized. */
export function summarizeBy(
  results: DocumentResult[],
  key: (r: DocumentResult) => string,
): Array<[string, Summary]> {
  const groups = new Map<string, DocumentResult[]>();
  for (const r of results) groups.set(key(r), [...(groups.get(key(r)) ?? []), r]);
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, group]) => [name, summarize(group)]);
}
