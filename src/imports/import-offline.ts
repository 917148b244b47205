// An import run in-process without a database or a queue (the evaluation corpus, tools): the
// same steps as the pipeline's stages, in order, on a source as POST /ai/trips/from-document
// receives it. The single composition of those steps outside the pipeline: keep it in step with
// stages.ts when a stage changes: it calls the stages' own work (readDocument, generateDraft,
// enrich). The LLM generator is left out (offline means no model).
import { IMPORTS } from '../config/constants.ts';
import type { Prisma } from '../db/prisma.ts';
import type { CreateTripInput } from '../trips/trip.input.ts';
import { detectMediaType } from './document.ts';
import { configurationOf, tripInputOf } from './generate/configuration.ts';
import type { Draft } from './generate/draft.ts';
import { decodeInline, textOf, type ImportSource } from './import.input.ts';
import { ImportFailure } from './pipeline.errors.ts';
import { enrich, generateDraft, readDocument } from './stages.ts';

export interface OfflineImport {
  trip: CreateTripInput;
  configuration: Prisma.InputJsonObject;
  draft: Draft;
  log: string[];
}

/** Throws ImportFailure where the pipeline would fail the job (unsupported format, no text). */
export async function importOffline(
  source: ImportSource,
  { now, isTemplate = false }: { now: Date; isTemplate?: boolean },
): Promise<OfflineImport> {
  const log: string[] = [];
  const { bytes, mediaType } = documentOf(source);
  // As the stages: extractingText (the job stores the first 2 × maxTextChars of the text, and the
  // structured items as JSON, when there are any), generatingBlocks (structured data first, then
  // the text), enrichingBlocks.
  const { extracted, message } = await readDocument(bytes, mediaType);
  log.push(message);
  const stored = extracted.text.slice(0, IMPORTS.maxTextChars * 2);
  const structured =
    extracted.structured.items.length || extracted.structured.subject
      ? (JSON.parse(JSON.stringify(extracted.structured)) as typeof extracted.structured)
      : null;
  const draft = enrich(
    await generateDraft(stored, structured, {
      now,
      log: (m) => {
        log.push(m);
      },
    }),
    stored,
    now,
  );
  return {
    trip: tripInputOf(draft, isTemplate),
    configuration: configurationOf(draft),
    draft,
    log,
  };
}

function documentOf(source: ImportSource) {
  switch (source.type) {
    case 'text':
      return {
        bytes: new Uint8Array(Buffer.from(textOf(source.text), 'utf8')),
        mediaType: 'text/plain' as const,
      };
    case 'inline': {
      const bytes = new Uint8Array(decodeInline(source.data));
      const mediaType = detectMediaType(bytes);
      if (!mediaType)
        throw new ImportFailure(
          `${source.filename} is not a supported document (unsupported_format).`,
        );
      return { bytes, mediaType };
    }
    case 'url':
      throw new ImportFailure('An offline import reads text and inline documents, not URLs.');
  }
}
