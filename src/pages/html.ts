// HTML that escapes by default: `html` is a tagged template whose every interpolated value is
// escaped unless it is itself `html` (a Markup), so a string from a trip can never become markup.
// Arrays join without separators; null, undefined and false render nothing. URLs in attributes go
// through safeUrl, which keeps http(s), mailto and tel only.

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Markup that is already safe: made by `html` from escaped parts, or a fixed string of ours. */
export class Markup {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
}

type Value = Markup | string | number | null | undefined | false | readonly Value[];

/** Text for element content and quoted attribute values alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

function render(value: Value): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Markup) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Value[]): Markup {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + strings[i + 1]!;
  return new Markup(out);
}

/** A fixed string of ours (never anything a trip holds) as markup. */
export const trusted = (markup: string): Markup => new Markup(markup);

/** The URL when it is http(s), mailto or tel; anything else (javascript:, data:) is undefined. */
export function safeUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2048) return undefined;
  try {
    const url = new URL(value);
    return ['http:', 'https:', 'mailto:', 'tel:'].includes(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}
