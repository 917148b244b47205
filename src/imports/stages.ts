// The work of each stage of the pipeline (see pipeline.ts for how a stage runs and hands over).
import { IMPORTS, LIMITS } from '../config/constants.ts';
import type { Prisma } from '../db/prisma.ts';
import { sendOutbound, UrlRefusedError } from '../http/outbound.ts';
import { createTripIn } from '../trips/trip.service.ts';
import { detectMediaType, FORMAT_NAMES, SUPPORTED_FORMATS, type MediaType } from './document.ts';
import { extractText, type ExtractedText } from './extract/extract-text.ts';
import type { StructuredData } from './extract/structured.ts';
import {
  builtinGenerator,
  completeFromBlocks,
  extractDraft,
} from './generate/builtin/builtin.generator.ts';
import { configurationOf, tripInputOf } from './generate/configuration.ts';
import { draftSchema, type Draft } from './generate/draft.ts';
import { llmGenerator, type LlmSettings } from './generate/llm.generator.ts';
import { validateModelDraft } from './generate/llm.validate.ts';
import { mergeStructured } from './generate/merge.ts';
import { titleWithStructure } from './generate/structured-title.ts';
import { toAlpha3, validateDraft } from './generate/validate.ts';
import { creatorOf } from './import.service.ts';
import type { StageContext, StageResult, StageWork } from './pipeline.ts';
import { readStructured } from './structured/structured-draft.ts';
import { ImportFailure } from './pipeline.errors.ts';

/** initializing: the document's bytes (downloaded for a URL source) and what format they are. */
export const initialize: StageWork = async ({ job, prisma, services }) => {
  if (job.sourceType !== 'url') {
    if (!job.mediaType) throw new ImportFailure('The document is missing.');
    return {};
  }
  const bytes = await download(job.sourceUrl!, services.config.outboundAllowLoopback);
  const mediaType = detectMediaType(bytes);
  if (!mediaType)
    throw new ImportFailure(
      `The document at the URL is not ${SUPPORTED_FORMATS} (unsupported_format).`,
    );
  // An upsert: running this stage twice stores the document once.
  await prisma.importDocument.upsert({
    where: { jobId: job.id },
    create: { jobId: job.id, content: bytes },
    update: { content: bytes },
  });
  return { data: { mediaType } };
};

async function download(url: string, allowLoopback: boolean): Promise<Uint8Array<ArrayBuffer>> {
  let response;
  try {
    response = await sendOutbound(
      url,
      { timeoutMs: IMPORTS.fetchTimeoutMs, maxBytes: LIMITS.importDocumentBytes + 1 },
      { allowLoopback },
    );
  } catch (error) {
    if (error instanceof UrlRefusedError)
      throw new ImportFailure(`The document URL was refused: ${error.message} (invalid_url)`);
    throw new ImportFailure(`The document could not be downloaded: ${(error as Error).message}`);
  }
  if (response.status >= 300 && response.status < 400)
    throw new ImportFailure(
      `The document URL redirects (HTTP ${response.status}); redirects are not followed: give the final URL.`,
    );
  if (response.status !== 200)
    throw new ImportFailure(
      `The document could not be downloaded: the server answered HTTP ${response.status}.`,
    );
  if (response.truncated || response.body.byteLength > LIMITS.importDocumentBytes)
    throw new ImportFailure('The document is larger than 20 MB.');
  if (response.body.byteLength === 0) throw new ImportFailure('The document at the URL is empty.');
  return new Uint8Array(response.body);
}

/** extractingText: the text of the document, the structured items it carries, and the credits it costs. */
export const extractingText: StageWork = async ({ job, prisma, signal, log }) => {
  const document = await prisma.importDocument.findUnique({ where: { jobId: job.id } });
  if (!document || !job.mediaType) throw new ImportFailure('The document is missing.');
  const { extracted, message } = await readDocument(
    document.content,
    job.mediaType as MediaType,
    signal,
  );
  await log(message);
  return {
    data: {
      extractedText: extracted.text.slice(0, IMPORTS.maxTextChars * 2),
      ...(extracted.structured.items.length || extracted.structured.subject
        ? { structured: extracted.structured as unknown as Prisma.InputJsonObject }
        : {}),
      aiCredits: extracted.credits,
    },
  };
};

/** The extractingText stage's work on a document's bytes (also composed by importOffline): what it read, and the log line that says so. */
export async function readDocument(
  bytes: Uint8Array,
  mediaType: MediaType,
  signal?: AbortSignal,
): Promise<{ extracted: ExtractedText; message: string }> {
  const extracted = await extractText(bytes, mediaType, signal);
  const { items } = extracted.structured;
  if (extracted.text.replace(/\s/g, '').length < 10 && !items.length)
    throw new ImportFailure(`No text could be read from the ${FORMAT_NAMES[mediaType]} document.`);
  const kinds = [...new Set(items.map((i) => i.kind))].map(
    (kind) => `${items.filter((i) => i.kind === kind).length} ${kind}`,
  );
  const message =
    `Read ${extracted.pages} ${mediaType.startsWith('image/') ? 'image' : 'page'}${extracted.pages === 1 ? '' : 's'} of ${FORMAT_NAMES[mediaType]} (${extracted.text.length} characters${kinds.length ? `; structured items: ${kinds.join(', ')}` : ''}). ${extracted.notes.join(' ')}`.trim();
  return { extracted, message };
}

/** generatingBlocks: the draft itinerary (see generateDraft). */
export const generatingBlocks: StageWork = async ({ job, services, signal, log }) => {
  const draft = await generateDraft(
    job.extractedText ?? '',
    job.structured as StructuredData | null,
    { now: services.config.clock(), signal, llm: services.config.importLlm, log },
  );
  return { data: { draft: draft as unknown as Prisma.InputJsonObject } };
};

export interface GenerateDraftOptions {
  now: Date;
  signal?: AbortSignal;
  llm?: LlmSettings | undefined;
  log(message: string, level?: 'info' | 'warn'): Promise<void> | void;
}

/**
 * The generatingBlocks stage's work (also composed by importOffline). What standards carry (the
 * structured items) is mapped first; the text is read by the LLM when configured (its answer
 * validated against the document, falling back to the built-in extractor on failure) or by the
 * built-in extractor; then both are merged, structured data winning.
 */
export async function generateDraft(
  extractedText: string,
  items: StructuredData | null,
  { now, signal, llm, log }: GenerateDraftOptions,
): Promise<Draft> {
  const text = extractedText.slice(0, IMPORTS.maxTextChars);
  const options = { now, ...(signal ? { signal } : {}) };
  const structured = readStructured(items, now);
  let draft: Draft | undefined;
  if (llm) {
    try {
      const validated = validateModelDraft(
        await llmGenerator(llm).generate(text, options),
        text,
        now,
      );
      draft = validated.draft;
      await log(`Generator: LLM (${llm.model}).`);
      if (validated.dropped.length)
        await log(
          `Dropped from the model's answer (not valid or not in the document): ${validated.dropped.join('; ')}.`.slice(
            0,
            2000,
          ),
          'warn',
        );
    } catch (error) {
      if (signal?.aborted) throw error;
      await log(
        `The LLM generator failed (${String((error as Error).message)
          .replace(/\s+/g, ' ')
          .slice(0, 300)}); fell back to the built-in extractor.`,
        'warn',
      );
    }
  }
  if (!draft) {
    draft = await builtinGenerator.generate(text, options);
    if (!llm) await log('Generator: built-in extractor.');
  }
  const merged = mergeStructured(draft, structured, now);
  for (const note of merged.notes) await log(note);
  return { ...merged.draft, title: titleWithStructure(merged.draft, structured, text, now) };
}

/**
 * enrichingBlocks: the draft completed and validated (see enrichWithNotes; the log says what was
 * dropped and why, with a confidence per block), the configuration built; then the trip, in the
 * same transaction as the job's completion.
 */
export const enrichingBlocks: StageWork = async (ctx: StageContext): Promise<StageResult> => {
  const { job, prisma, services, log } = ctx;
  const parsed = draftSchema.safeParse(job.draft);
  if (!parsed.success) throw new ImportFailure('The generated itinerary is not valid.');
  const { draft, notes, confidences } = enrichWithNotes(
    parsed.data,
    job.extractedText ?? '',
    services.config.clock(),
  );
  for (const note of notes.slice(0, 40))
    await log(`Validation: ${note}`, note.startsWith('Dropped') ? 'warn' : 'info');
  if (confidences.length)
    await log(`Confidence per block: ${confidences.join('; ')}`.slice(0, 4000));
  const document = configurationOf(draft);
  const input = tripInputOf(draft, job.isTemplate);
  const creator = await creatorOf(prisma, job);
  return {
    data: { draft: draft as unknown as Prisma.InputJsonObject },
    async commit(tx) {
      // In the stage's transaction: the trip, its trip.created event and the job's completion
      // commit together, or (cancelled) not at all.
      const trip = await createTripIn(
        tx,
        { actor: creator, events: services.events, now: services.config.clock() },
        input,
        { select: { id: true } },
        document,
      );
      return { tripId: trip.id };
    },
  };
};

/** The enrichingBlocks stage's work on a draft (also composed by importOffline). */
export function enrich(draft: Draft, text: string, now: Date = new Date()): Draft {
  return enrichWithNotes(draft, text, now).draft;
}

/**
 * What a reader left out and the built-in engine reads from the text (countries as alpha-3, the
 * timezone), then the validation of every block (validate.ts): what it dropped or changed, and
 * the confidence of each block, for the job's log.
 */
export function enrichWithNotes(
  draft: Draft,
  text: string,
  now: Date,
): ReturnType<typeof validateDraft> {
  const normalized = draft.countries.map(toAlpha3).filter((c): c is string => Boolean(c));
  const builtin = !normalized.length || !draft.timezone ? extractDraft(text, now) : null;
  const found = normalized.length ? normalized : (builtin?.countries ?? []);
  const timezone = draft.timezone ?? builtin?.timezone ?? null;
  return validateDraft(completeFromBlocks({ ...draft, countries: [...new Set(found)], timezone }));
}
