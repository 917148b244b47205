// A document's text as lines the extractor reads: JSON (a text source given as an object) becomes
// "key: value" lines, page breaks and blank lines go, and spacing is tidied.
export function documentLines(text: string): string[] {
  const trimmed = text.trim();
  let source = trimmed;
  if (/^[[{]/.test(trimmed)) {
    try {
      source = flatten(JSON.parse(trimmed)).join('\n');
    } catch {
      // not JSON after all: read it as text
    }
  }
  return source
    .split(/\r?\n|\f/)
    .map((line) => line.replace(/[\t\u00a0 ]+/g, ' ').replace(/^[\s•·*▪►-]+(?=\S)/, '').trim())
    .filter((line) => line.length > 0);
}

const DAY_KEYS = /^(?:days?|itinerary|itinerario|programa|programme|program|dias|jours|tage|giorni|schedule|plan)$/i;

/** Objects as "key: value" lines, in document order; arrays of days as one "Day n" section each. */
function flatten(value: unknown, key?: string): string[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) {
    return value.flatMap((item, i) => {
      const lines = flatten(item);
      if (key && DAY_KEYS.test(key) && typeof item === 'object' && item && !hasDayKey(item)) return [`Day ${i + 1}`, ...lines];
      return lines;
    });
  }
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => {
      if (typeof v === 'object' && v !== null) return flatten(v, k);
      if (/^(?:day|dia|día|jour|tag|giorno)$/i.test(k) && typeof v === 'number') return [`Day ${v}`];
      return [`${label(k)}: ${String(v)}`];
    });
  }
  return [String(value)];
}

const hasDayKey = (item: object) => Object.keys(item).some((k) => /^(?:day|dia|día|jour|tag|giorno)$/i.test(k));
const label = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
