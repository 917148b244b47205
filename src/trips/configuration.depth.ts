// How deep a trip configuration may nest (LIMITS.configBlockDepthMax, configJsonDepthMax),
// checked before anything recursive reads it: zod's block schema, the merge patch, JSON.stringify
// and Prisma recurse once a level, and a 5 MB body can nest far deeper than the stack allows
// (1,000 nested groups were a 500). Deeper is a 400 naming the first value too deep.
import { LIMITS } from '../config/constants.ts';
import { ValidationError } from '../errors.ts';
import { pathDeeperThan } from '../shared/json-depth.ts';
import { fieldPath } from '../validation.ts';

const BLOCKS = LIMITS.configBlockDepthMax;
const JSON_LEVELS = LIMITS.configJsonDepthMax;

/** A document, as PUT sends it or a merge patch makes it, or a merge patch. */
export function assertDocumentDepth(document: unknown): void {
  const blocks = typeof document === 'object' && document !== null && 'blocks' in document;
  const block = blocks
    ? blockDeeperThan((document as { blocks: unknown }).blocks, BLOCKS)
    : undefined;
  if (block)
    throw ValidationError.field(
      fieldPath(['blocks', ...block]),
      `Blocks nest at most ${BLOCKS} levels deep; this one is at level ${BLOCKS + 1}.`,
    );
  assertJsonDepth(document);
}

function assertJsonDepth(value: unknown): void {
  const path = pathDeeperThan(value, JSON_LEVELS);
  if (!path) return;
  const field = fieldPath(path);
  throw ValidationError.field(
    field,
    `${field} is nested too deep: objects and arrays nest at most ${JSON_LEVELS} levels deep in a trip configuration.`,
  );
}

/** The path, under `blocks`, of the first block more than `max` levels deep; never recurses past it. */
function blockDeeperThan(list: unknown, max: number): Array<string | number> | undefined {
  if (!Array.isArray(list)) return undefined;
  for (let i = 0; i < list.length; i++) {
    if (max <= 0) return [i];
    const children = (list[i] as { children?: unknown } | null)?.children;
    const path = blockDeeperThan(children, max - 1);
    if (path) return [i, 'children', ...path];
  }
  return undefined;
}
