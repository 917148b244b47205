// The optional LLM generator: any OpenAI-compatible chat completions endpoint (IMPORT_LLM_*),
// asked for structured JSON output that zod validates. The answer's schema is flat and
// all-nullable (what strict structured output accepts everywhere); it is then mapped to a draft
// and checked again. Any failure throws: the stage falls back to the built-in generator.
import OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import { z } from 'zod';
import { IMPORTS } from '../../config/constants.ts';
import { daysBetween } from '../../shared/iso-dates.ts';
import {
  draftSchema,
  type Draft,
  type DraftInput,
  type DraftBlockInput,
  type GenerateOptions,
  type Generator,
} from './draft.ts';
import { parseIsoInstant } from '../../shared/date-range.ts';

const llmBlock = z.object({
  type: z.enum(['flight', 'accommodation', 'activity', 'transport', 'text']),
  title: z.string().nullable().describe('activity title, hotel name, or the text of a text block'),
  description: z.string().nullable(),
  time: z.string().nullable().describe('HH:MM, 24 h'),
  flightNumber: z.string().nullable(),
  airline: z.string().nullable(),
  departureAirport: z.string().nullable().describe('IATA code'),
  arrivalAirport: z.string().nullable().describe('IATA code'),
  departureTime: z.string().nullable(),
  arrivalTime: z.string().nullable(),
  checkIn: z.string().nullable().describe('YYYY-MM-DD'),
  checkOut: z.string().nullable().describe('YYYY-MM-DD'),
  mode: z.enum(['train', 'bus', 'car', 'transfer', 'ferry', 'other']).nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});

export const llmAnswer = z.object({
  title: z.string(),
  description: z.string().nullable(),
  dateStart: z.string().nullable().describe('YYYY-MM-DD'),
  dateFinish: z.string().nullable().describe('YYYY-MM-DD'),
  duration: z.number().int().nullable().describe('days'),
  countries: z.array(z.string()).describe('ISO 3166-1 alpha-3 codes of the countries visited'),
  language: z.string().describe('ISO 639-1 code of the document language'),
  price: z
    .object({
      amount: z.number(),
      currency: z.string().describe('ISO 4217'),
      per: z.enum(['person', 'total']).nullable(),
    })
    .nullable(),
  days: z.array(
    z.object({
      day: z.number().int(),
      date: z.string().nullable(),
      title: z.string().nullable(),
      blocks: z.array(llmBlock),
    }),
  ),
});
type LlmAnswer = z.infer<typeof llmAnswer>;
type LlmBlock = z.infer<typeof llmBlock>;

const SYSTEM = `You turn travel documents (tour programmes, flight and hotel confirmations, trip plans) into a structured itinerary.
Use only what the document says; use null when it does not say. Dates are YYYY-MM-DD, times HH:MM (24 h), countries ISO 3166-1 alpha-3,
airports IATA codes, currency ISO 4217. One entry in days per day of the trip, in order; put each flight, hotel stay (accommodation,
on its check-in day), transfer or train (transport), visit or excursion (activity) on its day, and the rest of the day's description in a text block.`;

export interface LlmSettings {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}

export function llmGenerator(settings: LlmSettings): Generator {
  const client = new OpenAI({
    baseURL: settings.baseUrl,
    apiKey: settings.apiKey,
    timeout: settings.timeoutMs,
    maxRetries: 0,
  });
  return {
    name: `llm:${settings.model}`,
    async generate(text: string, { now, signal }: GenerateOptions): Promise<Draft> {
      const completion = await client.chat.completions.parse(
        {
          model: settings.model,
          temperature: 0,
          messages: [
            { role: 'system', content: `${SYSTEM}\nToday is ${now.toISOString().slice(0, 10)}.` },
            { role: 'user', content: text.slice(0, IMPORTS.maxTextChars) },
          ],
          response_format: zodResponseFormat(llmAnswer, 'trip_itinerary'),
        },
        { signal },
      );
      const parsed = completion.choices[0]?.message.parsed;
      if (!parsed)
        throw new Error(completion.choices[0]?.message.refusal ?? 'The model gave no itinerary.');
      return draftSchema.parse(toDraft(parsed));
    },
  };
}

const orNull = <T>(value: T | null | undefined, valid: (v: T) => boolean) =>
  value !== null && value !== undefined && valid(value) ? value : null;
// A calendar day the service keeps (shared/date-range.ts): not 0000-01-01 nor 2026-02-30.
const isDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && parseIsoInstant(s) !== undefined;
const isTime = (s: string) => /^\d{2}:\d{2}$/.test(s);

function toDraft(answer: LlmAnswer): DraftInput {
  return {
    title: answer.title,
    description: answer.description,
    dateStart: orNull(answer.dateStart, isDate),
    dateFinish: orNull(answer.dateFinish, isDate),
    duration: orNull(answer.duration, (d) => d > 0),
    countries: answer.countries.map((c) => c.toUpperCase()),
    language: answer.language.toLowerCase().slice(0, 2),
    price: answer.price
      ? { ...answer.price, currency: answer.price.currency.toUpperCase(), text: null }
      : null,
    days: answer.days.map((day, i) => ({
      day: day.day > 0 ? day.day : i + 1,
      date: orNull(day.date, isDate),
      title: day.title,
      blocks: day.blocks.map((b) => toBlock(b, orNull(day.date, isDate))),
    })),
  };
}

function toBlock(b: LlmBlock, date: string | null): DraftBlockInput {
  const time = (s: string | null) => orNull(s, isTime);
  switch (b.type) {
    case 'flight':
      return {
        type: 'flight',
        content: {
          flightNumber: b.flightNumber,
          airline: b.airline,
          departureAirport: b.departureAirport,
          arrivalAirport: b.arrivalAirport,
          departureCity: null,
          arrivalCity: null,
          departureTime: time(b.departureTime),
          arrivalTime: time(b.arrivalTime),
          date,
        },
      };
    case 'accommodation': {
      const checkIn = orNull(b.checkIn, isDate) ?? date;
      const checkOut = orNull(b.checkOut, isDate);
      const nights = checkIn && checkOut ? daysBetween(checkIn, checkOut) : null;
      return {
        type: 'accommodation',
        content: {
          name: b.title ?? 'Hotel',
          checkIn,
          checkOut,
          nights: nights && nights > 0 ? nights : null,
          city: null,
        },
      };
    }
    case 'transport':
      return {
        type: 'transport',
        content: {
          mode: b.mode ?? 'other',
          from: b.from,
          to: b.to,
          time: time(b.time),
          description: b.description,
        },
      };
    case 'activity':
      return {
        type: 'activity',
        content: {
          title: b.title ?? b.description ?? 'Activity',
          time: time(b.time),
          description: b.description,
        },
      };
    case 'text':
      return { type: 'text', content: { text: b.title ?? b.description ?? '' } };
  }
}
