// What the booking and payment mutations accept (docs/decisions.md#bookings-and-payment-links).
import countries from 'i18n-iso-countries';
import { z } from 'zod';
import { dayField, instantField } from '../shared/date-range.ts';
import { currencyCode, trimmedString } from '../shared/fields.ts';

const ALPHA2 = new Set(Object.keys(countries.getAlpha2Codes()));

const currency = currencyCode;
const cents = z.number().int('Amounts are integers, in cents.').min(0).max(2_000_000_000);
const text = (max: number) => trimmedString().max(max);
const optionalText = (max: number) => text(max).nullish();
const dateTime = instantField;

export const buyerFields = {
  buyerName: text(200).min(1, 'buyerName is required.'),
  buyerSurname: text(200).min(1, 'buyerSurname is required.'),
  buyerEmail: z.email('Must be an email address.').max(320),
  buyerPhoneNumber: optionalText(50),
  buyerPostalCode: optionalText(20),
  buyerTaxid: optionalText(50),
  buyerCompanyName: optionalText(200),
  buyerLegalAddress: optionalText(500),
  buyerCountry: z
    .string()
    .toUpperCase()
    .refine((code) => ALPHA2.has(code), 'Must be an ISO 3166-1 alpha-2 country code.')
    .nullish(),
};

export const checkoutInput = z.strictObject({
  seats: z.number().int().min(1).max(1000),
  pricingMode: z.enum(['fixed', 'multi_category']),
  products: z.strictObject({
    priceSeatAmount: cents.nullable(),
    priceTitle: z.string().max(200).nullish(),
    categorySelections: z.unknown().optional(),
  }),
  paymentMethod: z.string().max(50).nullish(),
  paymentType: z.enum(['full', 'installment']).nullish(),
  total: cents.nullish(),
  currency,
});

export const travelerInput = z.strictObject({
  name: text(200).min(1, 'name is required.'),
  surname: optionalText(200),
  email: z.email('Must be an email address.').nullish(),
  phoneNumber: optionalText(50),
  birthDate: dayField.nullish(),
  documentNumber: optionalText(50),
});

const seats = z.number().int().min(1).max(1000);

/** An agent's booking, manual or from a completed checkout (then `checkout` is given). */
export const createBookingInput = z.strictObject({
  tripId: z.number().int().positive(),
  seats: seats.optional(),
  ...buyerFields,
  checkout: checkoutInput.nullish(),
  travelers: z.array(travelerInput).max(100).optional(),
});

/** A traveler joining a trip by its join code (public). */
export const joinTripInput = z.strictObject({
  joinCode: z.string().trim().toUpperCase().length(8, 'A join code has 8 characters.'),
  /** The trip whose page the traveller joins from: the code must be that trip's. */
  tripSlug: z.string().max(300).optional(),
  seats: seats.optional(),
  ...buyerFields,
  /** The trip's moreInfo fields as the traveller filled them in: kept as a note of the booking. */
  answers: z
    .array(z.strictObject({ label: text(200).min(1, 'label is required.'), value: text(2000) }))
    .max(30)
    .optional(),
});

export const backOfficeInput = z.strictObject({
  extRecordId: z.number().int().nullish(),
  extRecordCode: optionalText(100),
  extCustomerId: z.number().int().nullish(),
  extOfficeCode: optionalText(100),
  extSalesBookingId: z.number().int().nullish(),
  extCostBookingId: z.number().int().nullish(),
});

export const paymentLinkInput = z.strictObject({
  bookingId: z.number().int().positive().nullish(),
  concept: text(300).min(1, 'concept is required.'),
  amount: cents.min(1, 'amount must be at least 1 cent.'),
  currency,
  paymentMethod: z.enum(['card', 'transfer', 'us_bank_account', 'manual']).nullish(),
  scheduledAt: dateTime.nullish(),
  expiresAt: dateTime.nullish(),
});

export type CreateBookingInput = z.infer<typeof createBookingInput>;
export type JoinTripInput = z.infer<typeof joinTripInput>;
export type TravelerInput = z.infer<typeof travelerInput>;
export type PaymentLinkInput = z.infer<typeof paymentLinkInput>;
