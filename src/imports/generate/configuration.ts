// A draft as the trip's fields and configuration document: an `itinerary` block holding one
// `itineraryDay` per day, each holding its flight, accommodation, activity, transport and text
// blocks; after the itinerary, the trip-level `price`, `payment`, `included` and `excluded`
// blocks the document states; settings from the document (language, timezone, currency and its
// usual formatting). Checked with the same schema as PUT /trips/{tripId}/config.
import countries from 'i18n-iso-countries';
import type { Prisma } from '../../db/prisma.ts';
import { defaultConfiguration } from '../../trips/configuration.defaults.ts';
import { configurationInput } from '../../trips/configuration.input.ts';
import type { CreateTripInput } from '../../trips/trip.input.ts';
import { ImportFailure } from '../pipeline.errors.ts';
import type { Draft } from './draft.ts';
import { isTimezone } from '../../shared/timezones.ts';
import { localeSettings } from './locale-settings.ts';

const ALPHA3 = new Set(Object.keys(countries.getAlpha3Codes()));
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

export function configurationOf(draft: Draft): Prisma.InputJsonObject {
  const base = defaultConfiguration();
  const days = draft.days.map((day) => {
    const dayId = `day-${day.day}`;
    return {
      id: dayId,
      type: 'itineraryDay',
      parent: 'itinerary',
      content: { day: day.day, date: day.date, title: day.title },
      children: day.blocks.map((block, i) => ({
        id: `${dayId}-${block.type}-${i + 1}`,
        type: block.type,
        parent: dayId,
        content: block.content,
      })),
    };
  });
  const blocks: object[] = [
    {
      id: 'itinerary',
      type: 'itinerary',
      content: { title: draft.title },
      children: uniqueDays(days),
    },
  ];
  const price = draft.price && CURRENCIES.has(draft.price.currency) ? draft.price : null;
  if (price) blocks.push({ id: 'price', type: 'price', content: price });
  const payments = draft.payments.filter((p) => CURRENCIES.has(p.currency));
  for (const [i, payment] of payments.entries())
    blocks.push({ id: `payment-${i + 1}`, type: 'payment', content: payment });
  if (draft.included.length)
    blocks.push({ id: 'included', type: 'included', content: { items: draft.included } });
  if (draft.excluded.length)
    blocks.push({ id: 'excluded', type: 'excluded', content: { items: draft.excluded } });
  const language = /^[a-z]{2}$/.test(draft.language) ? draft.language : base.settings.language;
  const currency = price?.currency ?? payments[0]?.currency ?? base.settings.currency;
  const timezone =
    draft.timezone && isTimezone(draft.timezone) ? draft.timezone : base.settings.timezone;
  const document = {
    ...base,
    blocks,
    settings: {
      ...base.settings,
      language,
      timezone,
      currency,
      ...localeSettings(language, currency),
      ...(draft.description ? { description: draft.description } : {}),
    },
  };
  const checked = configurationInput.safeParse(document);
  if (!checked.success)
    throw new ImportFailure(
      `The generated configuration is not valid: ${checked.error.issues[0]?.message ?? 'unknown problem'}.`,
    );
  return JSON.parse(JSON.stringify(document)) as Prisma.InputJsonObject;
}

/** A day number written twice (a programme with "Day 3" twice) keeps both, with distinct ids. */
function uniqueDays<T extends { id: string; children: Array<{ id: string; parent: string }> }>(
  days: T[],
): T[] {
  const seen = new Map<string, number>();
  return days.map((day) => {
    const n = (seen.get(day.id) ?? 0) + 1;
    seen.set(day.id, n);
    if (n === 1) return day;
    const id = `${day.id}-${n}`;
    return {
      ...day,
      id,
      children: day.children.map((c) => ({ ...c, id: c.id.replace(day.id, id), parent: id })),
    };
  });
}

/** The trip's own fields, within what POST /trips accepts. */
export function tripInputOf(draft: Draft, isTemplate: boolean): CreateTripInput {
  const start = draft.dateStart ? new Date(`${draft.dateStart}T00:00:00.000Z`) : null;
  let finish = draft.dateFinish ? new Date(`${draft.dateFinish}T00:00:00.000Z`) : null;
  if (start && finish && finish < start) finish = null;
  const title = draft.title.replace(/\s+/g, ' ').trim().slice(0, 200) || 'Imported trip';
  return {
    title,
    duration: draft.duration && draft.duration > 0 && draft.duration <= 366 ? draft.duration : null,
    dateStart: start,
    dateFinish: finish,
    countries: [
      ...new Set(draft.countries.map((c) => c.toUpperCase()).filter((c) => ALPHA3.has(c))),
    ],
    template: isTemplate,
    seoDescription: draft.description?.slice(0, 1000) ?? null,
  };
}
