// The trip's title once structured data has said where the trip goes. The text reader composes
// its title from the places it read; a confirmation's markup knows them better (the hotel's town,
// where the flights and trains arrive). When the text's title names none of those places, the
// title is chosen again with them: a heading or subject that names one of them, else destination
// and kind composed in the document's language (tripTitle).
import type { StructuredResult } from '../structured/structured-result.ts';
import { readDocument } from './builtin/document-lines.ts';
import { titleFrom, tripTitle } from './builtin/trip-fields.ts';
import { fold } from './builtin/text.ts';
import type { Draft } from './draft.ts';

const STATION =
  /\s*(?:\(.*\)|,.*|\b(?:hbf|hauptbahnhof|bahnhof|centrale|central|centraal|termini|station|gare|estaci[oó]n|esta[cç][aã]o|stazione|airport|aeropuerto|a[ée]roport|aeroporto|flughafen|terminal|villa longo)\b.*)$/i;

export function titleWithStructure(
  draft: Draft,
  structured: StructuredResult,
  text: string,
  now: Date,
): string {
  if (!structured.blocks.length || structured.title) return draft.title;
  const destinations = destinationsOf(draft, structured.localities);
  if (!destinations.length) return draft.title;
  const folded = fold(draft.title);
  // A title that names only the country ("Voyage en France") says less than the town the bookings name.
  if (destinations.some((d) => d.length >= 3 && folded.includes(fold(d)))) return draft.title;
  const { lines, subject } = readDocument(text);
  const input = {
    lines: lines.slice(0, 20),
    subject,
    language: draft.language,
    countries: draft.countries,
    destinations,
    duration: draft.duration,
    kindText: [subject ?? '', ...lines.slice(0, 3)].join(' '),
  };
  const chosen = tripTitle(input, now);
  const names = (t: string) => destinations.some((d) => d.length >= 3 && fold(t).includes(fold(d)));
  // A heading that only says "Boa viagem" is no title: destination and kind composed instead.
  return names(chosen) ? chosen : tripTitle({ ...input, lines: [], subject: null }, now);
}

/** A title a standard gave (a TouristTrip's name, a calendar's name), without its codes: "Islande – la route du Sud (dossier AV-3107)". */
export function cleanStructuredTitle(title: string, now: Date): string {
  const bare = title
    .replace(/\s*[([][^)\]]*\d[^)\]]*[)\]]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return titleFrom(bare, now) ?? (bare || title);
}

/** Where the structured bookings go: the towns of the stays, then where flights and journeys arrive (not the way home). */
function destinationsOf(draft: Draft, localities: string[]): string[] {
  const structuredBlocks = draft.days.flatMap((d) => d.blocks).filter((b) => b.confidence === 1);
  const stays = structuredBlocks.flatMap((b) =>
    b.type === 'accommodation' && b.content.city ? [b.content.city] : [],
  );
  const journeys = structuredBlocks.filter(
    (b) => b.type === 'flight' || (b.type === 'transport' && b.content.mode !== 'carRental'),
  );
  const outbound = journeys.length > 1 ? journeys.slice(0, -1) : journeys;
  const arrivals = outbound.flatMap((b) => {
    if (b.type === 'flight') return b.content.arrivalCity ? [b.content.arrivalCity] : [];
    if (b.type === 'transport')
      return b.content.to ? [b.content.to.replace(STATION, '').trim()] : [];
    return [];
  });
  return [...new Set([...stays, ...arrivals, ...localities])].filter(
    (d) => d.length >= 3 && d.length <= 40,
  );
}
