// Field rules several inputs share, so each is written (and worded) once.
import { z } from 'zod';

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

export const httpUrl = z
  .url({ protocol: /^https?$/, error: 'Must be an http or https URL.' })
  .max(2048);

export const currencyCode = z
  .string()
  .refine((code) => CURRENCIES.has(code), 'Must be an ISO 4217 currency code such as EUR.');

/**
 * What trimming removes at either end: JavaScript's whitespace (Unicode spaces, line breaks, the
 * BOM) and the zero-width characters it leaves (ZWSP, ZWNJ, ZWJ, word joiner), which render as
 * nothing: a title of only those was accepted, and shown blank.
 */
const BLANK = /^[\s\u200b-\u200d\u2060\ufeff]$/;
// A loop, not one regex: `[...]+$` retries from every blank of a long run that ends in a letter,
// quadratic on a 1 MB body of spaces.
export function trimBlanks(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && BLANK.test(text[start]!)) start++;
  while (end > start && BLANK.test(text[end - 1]!)) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** A string trimmed of blanks at either end before its length rules apply. */
export const trimmedString = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).overwrite(trimBlanks);

/**
 * The title of a trip or a catalog (1 to 200 characters after trimming: docs/decisions.md#trips).
 */
export const title = trimmedString({ error: 'Title is required.' })
  .min(1, 'Title is required.')
  .max(200, 'Title must be at most 200 characters.');

/** The title of a copy: the source's, cut to fit, plus " (copy)". */
export const copyTitle = (source: string) => `${source.slice(0, 193)} (copy)`;
