// Field rules several inputs share, so each is written (and worded) once.
import { z } from 'zod';

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

export const httpUrl = z
  .url({ protocol: /^https?$/, error: 'Must be an http or https URL.' })
  .max(2048);

export const currencyCode = z
  .string()
  .refine((code) => CURRENCIES.has(code), 'Must be an ISO 4217 currency code such as EUR.');

/** The title of a trip or a catalog (decisions: 1 to 200 characters after trimming). */
export const title = z
  .string({ error: 'Title is required.' })
  .trim()
  .min(1, 'Title is required.')
  .max(200, 'Title must be at most 200 characters.');

/** The title of a copy: the source's, cut to fit, plus " (copy)". */
export const copyTitle = (source: string) => `${source.slice(0, 193)} (copy)`;
