// The trip configuration document (docs/decisions.md#trip-configuration): every required field,
// enum, URL, hex colour, IANA timezone and ISO 4217 currency, and the block tree (unique ids,
// existing parents, no cycles, children only under container types). Field paths in errors follow
// the document: `settings.currency`, `blocks[3].id`.
import { z } from 'zod';
import { currencyCode, httpUrl as url } from '../shared/fields.ts';
import { isTimezone } from '../shared/timezones.ts';

export const CONTAINER_TYPES = new Set(['itinerary', 'itineraryDay', 'group', 'box', 'dropdown']);

const imageEntry = z.strictObject({
  url,
  display: z.enum(['cover', 'contain']).optional(),
  index: z.number().int().min(0).optional(),
});

interface Block {
  id: string;
  type: string;
  content?: Record<string, unknown>;
  children?: Block[];
  parent?: string;
  hidden?: boolean;
}
const block: z.ZodType<Block> = z.lazy(() =>
  z.strictObject({
    id: z.string({ error: 'Block id is required.' }).min(1, 'Block id is required.').max(100),
    type: z.string({ error: 'Block type is required.' }).min(1, 'Block type is required.').max(100),
    content: z.record(z.string(), z.unknown()).optional(),
    children: z.array(block).optional(),
    parent: z.string().optional(),
    hidden: z.boolean().optional(),
  }),
);

export const configurationInput = z
  .strictObject({
    version: z
      .string()
      .regex(/^\d+\.\d+\.\d+(?:-[\w.]+)?$/, 'Must be a semantic version such as 1.0.0.'),
    blocks: z.array(block),
    contact: z.strictObject({
      address: z.string().optional(),
      agencyName: z.string().optional(),
      agentName: z.string().optional(),
      description: z.string().optional(),
      email: z.email().optional(),
      phoneNumber: z.string().optional(),
      pictureUrl: url.optional(),
      web: url.optional(),
      type: z.enum(['agency', 'agent']).optional(),
      visible: z.boolean().optional(),
    }),
    slider: z.array(url).optional(),
    settings: z.strictObject({
      canDownloadPdf: z.boolean(),
      canCreateCopy: z.boolean(),
      hasExpiration: z.boolean(),
      shareOnWhatsapp: z
        .strictObject({
          enabled: z.boolean(),
          phoneNumber: z
            .string()
            .regex(
              /^\+[1-9]\d{6,14}$/,
              'Must be an international phone number such as +34600111222.',
            )
            .optional(),
        })
        .optional(),
      language: z
        .string()
        .regex(
          /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/,
          'Must be a language code such as en or pt-BR.',
        ),
      startOfTheWeek: z.enum(['monday', 'sunday']),
      timeFormat: z.enum(['12h', '24h']),
      dateFormat: z.string().min(1).max(40),
      timezone: z
        .string()
        .refine(
          (tz) => tz === 'UTC' || isTimezone(tz),
          'Must be an IANA timezone such as Europe/Madrid.',
        ),
      currencySymbolPosition: z.enum(['start', 'end']),
      decimalSeparator: z.enum([',', '.']),
      currency: currencyCode,
      description: z.string().optional(),
    }),
    moreInfo: z.strictObject({
      enabled: z.boolean(),
      fields: z.array(
        z.strictObject({
          id: z.string().min(1).optional(),
          type: z.enum(['text', 'email', 'phone', 'textarea', 'select', 'checkbox']),
          label: z.string(),
          required: z.boolean(),
        }),
      ),
    }),
    paymentMethodId: z.number().int().positive().nullable().optional(),
    quotation: z
      .strictObject({
        planningRate: z.number().min(0).max(100).optional(),
        secondRate: z.number().min(0).max(100).optional(),
      })
      .optional(),
    theme: z.strictObject({
      headerImage: z.strictObject({ config: z.enum(['cover', 'contain', 'none']) }).optional(),
      navigation: z
        .enum(['verticalRight', 'verticalLeft', 'horizontal', 'none'])
        .nullable()
        .optional(),
      logo: url.optional(),
      color: z
        .string()
        .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'Must be a hex colour such as #1A2B3C.')
        .optional(),
      font: z.string().nullable().optional(),
      pdfContactPosition: z.enum(['firstPage', 'lastPage']).nullable().optional(),
    }),
    images: z.strictObject({ files: z.array(imageEntry) }),
    cover: z.strictObject({ enabled: z.boolean(), files: z.array(imageEntry) }).optional(),
    // Returned by GET; accepted (and ignored) so a document read can be written back as it is.
    updatedAt: z.string().optional(),
  })
  .superRefine((doc, ctx) => checkBlockTree(doc.blocks, ctx));

export type ConfigurationDocument = z.infer<typeof configurationInput>;

function checkBlockTree(blocks: Block[], ctx: z.core.$RefinementCtx): void {
  const all: Array<{ block: Block; path: Array<string | number>; parentId?: string }> = [];
  const walk = (list: Block[], path: Array<string | number>, parentId?: string) =>
    list.forEach((b, i) => {
      all.push({ block: b, path: [...path, i], parentId });
      if (b.children) walk(b.children, [...path, i, 'children'], b.id);
    });
  walk(blocks, ['blocks']);
  const byId = new Map<string, Block>();
  for (const { block: b, path } of all) {
    if (byId.has(b.id))
      ctx.addIssue({
        code: 'custom',
        path: [...path, 'id'],
        message: `Block id "${b.id}" is used more than once.`,
      });
    byId.set(b.id, b);
  }
  for (const { block: b, path, parentId } of all) {
    if (b.children?.length && !CONTAINER_TYPES.has(b.type)) {
      ctx.addIssue({
        code: 'custom',
        path: [...path, 'children'],
        message: `A "${b.type}" block cannot have children.`,
      });
    }
    if (b.parent === undefined) continue;
    const parent = byId.get(b.parent);
    if (!parent)
      ctx.addIssue({
        code: 'custom',
        path: [...path, 'parent'],
        message: `No block has the id "${b.parent}".`,
      });
    else if (!CONTAINER_TYPES.has(parent.type))
      ctx.addIssue({
        code: 'custom',
        path: [...path, 'parent'],
        message: `A "${parent.type}" block cannot be a parent.`,
      });
    else if (parentId !== undefined && parentId !== b.parent)
      ctx.addIssue({
        code: 'custom',
        path: [...path, 'parent'],
        message: 'Does not match the block it is nested in.',
      });
    else if (hasCycle(b, byId))
      ctx.addIssue({ code: 'custom', path: [...path, 'parent'], message: 'Parents form a cycle.' });
  }
}

function hasCycle(start: Block, byId: Map<string, Block>): boolean {
  const seen = new Set<string>([start.id]);
  for (let current = start.parent; current !== undefined; current = byId.get(current)?.parent) {
    if (seen.has(current)) return true;
    seen.add(current);
  }
  return false;
}

/** RFC 7396 JSON Merge Patch. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return patch;
  const result: Record<string, unknown> =
    typeof target === 'object' && target !== null && !Array.isArray(target)
      ? { ...(target as object) }
      : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value);
  }
  return result;
}
