// Finders for rail and coach services: a service's category and number as operators print them
// ("ICE 597", "TGV INOUI 6611", "Frecciarossa 9541", "FlixBus N123"), with its mode and operator
// from the knowledge data (data/rail-services.json), and the operator a document names.
import services from './knowledge/rail-services.json' with { type: 'json' };
import { fold } from './text.ts';

export type RailMode = 'train' | 'bus';

export interface Service {
  /** "ICE 597", "Frecciarossa 9541", "FlixBus N123". */
  number: string;
  mode: RailMode;
  operator: string | null;
}

// Case matters for the short categories ("IC", "EC", "RE" are words in other languages).
const anyCase = (s: string) =>
  s.replace(/\p{L}/gu, (c) => `[${c.toLowerCase()}${c.toUpperCase()}]`).replace(/ /g, '\\s+');
const CATEGORIES = services.services.map((s) => ({
  ...s,
  pattern: s.category.length <= 3 ? s.category : anyCase(s.category),
}));
export const SERVICE = new RegExp(
  String.raw`(?<![\p{L}\d])(${CATEGORIES.map((c) => c.pattern).join('|')})\s*(?:[Nn][º°o.]\s*)?([A-Z]?\d{1,5})(?!\d|[:.,h]\d|\p{L})`,
  'u',
);
/** SERVICE, for every service on a line. */
const SERVICES = new RegExp(SERVICE.source, 'gu');
const MODELS = new Set(services.models.names.map((n) => fold(n)));
/** "Frecciarossa 1000": a train's rolling stock, not its service. */
export const isTrainModel = (category: string, number: string) =>
  MODELS.has(fold(`${category.replace(/\s+/g, ' ')} ${number}`));
// A coach company's name without a number ("ALSA", "FlixBus") still makes the service a coach.
const BUS_WORDS =
  /\b(?:bus|fernbus|autobus|autocar|autocarro|onibus|pullman|flixbus|alsa|blablacar bus|itabus|rede expressos)\b/;

/** The service named on a line, with its mode and operator from the table. */
export function serviceIn(line: string): Service | null {
  const m = [...line.matchAll(SERVICES)].find((match) => !isTrainModel(match[1]!, match[2]!));
  if (!m) return null;
  const category = CATEGORIES.find((c) => new RegExp(`^(?:${c.pattern})$`, 'u').test(m[1]!))!;
  return {
    number: `${m[1]!.replace(/\s+/g, ' ')} ${m[2]}`,
    mode: category.mode as RailMode,
    operator: category.operator,
  };
}

export const isCoach = (text: string) => BUS_WORDS.test(fold(text));

/** A document-wide operator ("DB Fernverkehr", "SNCF Connect"), for services the table leaves open. */
export function operatorIn(text: string): string | null {
  const folded = fold(text);
  return (
    services.operators.find((o) =>
      o.words.some((w) => new RegExp(`(?<![\\p{L}])${fold(w)}(?![\\p{L}])`, 'u').test(folded)),
    )?.name ?? null
  );
}
