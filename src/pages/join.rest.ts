// POST /t/{slug}/join: the trip page's join form, sent without JavaScript. It runs the public
// `joinTrip` mutation (a booking, so `booking.created` reaches the agency's webhooks) with the
// page's trip as `tripSlug`, so that a code only joins the trip whose page it was typed on. A
// refused form comes back on the trip page with its values and a message beside each field.
import type { GraphQLSchema } from 'graphql';
import { NotFoundError, UnsupportedMediaTypeError, ValidationError } from '../errors.ts';
import type { Context } from '../graphql/context.ts';
import { appErrorOf } from '../graphql/errors.ts';
import { readBody } from '../rest/body.ts';
import { documentSource } from '../graphql/trusted-documents.ts';
import { prepareOperation, runOperation, type PreparedOperation } from '../rest/execute.ts';
import { type JoinForm, moreInfoName } from './join-form.ts';
import { pageResponse } from './page-response.ts';
import { loadPublicTrip, type PublicTripData } from './trip-page.query.ts';
import { renderTripPage, tripView } from './trip-page.ts';
import { tripPageUrl } from './trip-url.ts';
import type { Words } from './words.ts';

const JOIN = documentSource('pages/join-from-page.graphql');
/** A join form is a few hundred bytes; a long moreInfo answer fits many times over. */
const FORM_BYTES = 32 * 1024;
const FORM_TYPE = 'application/x-www-form-urlencoded';
const prepared = new WeakMap<GraphQLSchema, PreparedOperation<{ joinTrip: { code: string } }>>();

const BUYER_FIELDS = [
  'joinCode',
  'buyerName',
  'buyerSurname',
  'buyerEmail',
  'buyerPhoneNumber',
  'seats',
] as const;
const REQUIRED = new Set(['joinCode', 'buyerName', 'buyerSurname', 'buyerEmail']);

export async function handleJoin(
  schema: GraphQLSchema,
  request: Request & { params: Record<string, string> },
  context: Context,
): Promise<Response> {
  const slug = request.params.slug ?? '';
  const trip = await loadPublicTrip(schema, context, slug);
  const values = await formValues(request);
  const { words } = tripView(trip);
  const errors = missing(values, trip, words);
  const render = (join: JoinForm, status: number) =>
    pageResponse(
      request,
      renderTripPage(trip, { pageUrl: tripPageUrl(context, slug), join }),
      status,
      false,
    );
  if (Object.keys(errors).length)
    return render({ values, errors: { ...errors, form: words.formErrors } }, 422);
  try {
    const { joinTrip } = await runOperation(schema, operationOf(schema), context, {
      input: { ...joinInput(values, slug), answers: answersOf(values, trip, words) },
    });
    return render({ values: {}, errors: {}, bookingCode: joinTrip.code }, 200);
  } catch (thrown) {
    const error = appErrorOf(thrown);
    if (error instanceof NotFoundError)
      return render(
        { values, errors: { joinCode: words.badJoinCode, form: words.formErrors } },
        422,
      );
    if (error instanceof ValidationError)
      return render(
        { values, errors: { ...fieldErrors(error, words), form: words.formErrors } },
        422,
      );
    throw thrown;
  }
}

function operationOf(schema: GraphQLSchema) {
  let operation = prepared.get(schema);
  if (!operation) {
    operation = prepareOperation(schema, JOIN);
    prepared.set(schema, operation);
  }
  return operation;
}

async function formValues(request: Request): Promise<Record<string, string>> {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== FORM_TYPE) throw new UnsupportedMediaTypeError('POST', type ?? '', [FORM_TYPE]);
  const body = new TextDecoder().decode(await readBody(request, FORM_BYTES));
  const values: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(body))
    if (name.length <= 100) values[name] = value.slice(0, 5000);
  return values;
}

/** Required fields left empty, the trip's required moreInfo fields among them. */
function missing(values: Record<string, string>, trip: PublicTripData, words: Words) {
  const errors: Record<string, string> = {};
  for (const name of REQUIRED) if (!values[name]?.trim()) errors[name] = words.fieldRequired;
  const seats = values.seats?.trim();
  if (seats && !/^[1-9]\d{0,2}$/.test(seats)) errors.seats = words.fieldRequired;
  for (const field of trip.configuration?.moreInfo ?? [])
    if (field.required && !values[moreInfoName(field)]?.trim())
      errors[moreInfoName(field)] = words.fieldRequired;
  return errors;
}

function joinInput(values: Record<string, string>, slug: string): Record<string, unknown> {
  const input: Record<string, unknown> = { tripSlug: slug };
  for (const name of BUYER_FIELDS) {
    const value = values[name]?.trim();
    if (!value) continue;
    input[name] = name === 'seats' ? Number(value) : value;
  }
  return input;
}

/** The moreInfo fields filled in, by their labels; a ticked checkbox reads as "Yes". */
function answersOf(values: Record<string, string>, trip: PublicTripData, words: Words) {
  return (trip.configuration?.moreInfo ?? []).flatMap((field) => {
    const value = values[moreInfoName(field)]?.trim();
    if (!value) return [];
    return [
      { label: field.label || field.id, value: field.type === 'checkbox' ? words.yes : value },
    ];
  });
}

/** The mutation's field errors in the page's words where we have them, else its own. */
function fieldErrors(error: ValidationError, words: Words): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.fields)) {
    const name = field.replace(/^input\./, '');
    errors[name] = name === 'buyerEmail' ? words.badEmail : (messages[0] ?? words.fieldRequired);
  }
  return errors;
}
