// The join form of the trip page: the join code the agency gave, the traveller's name, email,
// phone and seats, and the trip's moreInfo fields when enabled. It posts to /t/{slug}/join
// (pages.rest.ts), which runs the public `joinTrip` mutation; without JavaScript, a refused form
// comes back with its values and a message beside each field.
import { html, type Markup } from './html.ts';
import type { PageMoreInfoField, PublicTripData } from './trip-page.query.ts';
import type { Words } from './words.ts';

export interface JoinForm {
  values: Record<string, string>;
  /** By field name; `form` for a message about the whole form. */
  errors: Record<string, string>;
  /** Set once the booking exists. */
  bookingCode?: string;
}

/** The moreInfo field's form name. */
export const moreInfoName = (field: PageMoreInfoField) => `more.${field.id}`;

export function renderJoinForm(
  trip: PublicTripData,
  moreInfo: PageMoreInfoField[],
  words: Words,
  form: JoinForm | undefined,
): Markup {
  if (form?.bookingCode)
    return html`<section class="join-section" aria-labelledby="join-h" id="join"><h2 id="join-h">${words.joinTitle}</h2>
<p class="notice" role="status">${words.joined(form.bookingCode)}</p></section>`;
  const values = form?.values ?? {};
  const errors = form?.errors ?? {};
  const field = (
    name: string,
    label: string,
    input: (attrs: Markup) => Markup,
    required: boolean,
  ) => {
    const id = `f-${name.replace(/[^\w-]/g, '_')}`;
    const error = errors[name];
    const attrs = html`id="${id}" name="${name}"${required ? html` required aria-required="true"` : ''}${error ? html` aria-invalid="true" aria-describedby="${id}-e"` : ''}`;
    return html`<div class="field"><label for="${id}">${label}${required ? html` <span class="visually-hidden">(${words.required})</span><span aria-hidden="true">*</span>` : ''}</label>${input(attrs)}${error ? html`<p class="error" id="${id}-e">${error}</p>` : ''}</div>`;
  };
  const text = (
    name: string,
    label: string,
    type: string,
    autocomplete: string,
    required: boolean,
  ) =>
    field(
      name,
      label,
      (attrs) =>
        html`<input type="${type}" ${attrs} autocomplete="${autocomplete}" value="${values[name] ?? ''}">`,
      required,
    );
  return html`<section class="join-section" aria-labelledby="join-h" id="join"><h2 id="join-h">${words.joinTitle}</h2>
<p>${words.joinIntro}</p>
${errors.form ? html`<p class="notice problem" role="alert">${errors.form}</p>` : ''}
<form class="join" method="post" action="/t/${encodeURIComponent(trip.slug)}/join#join">
${text('joinCode', words.joinCode, 'text', 'off', true)}
${text('buyerName', words.firstName, 'text', 'given-name', true)}
${text('buyerSurname', words.lastName, 'text', 'family-name', true)}
${text('buyerEmail', words.email, 'email', 'email', true)}
${text('buyerPhoneNumber', words.phone, 'tel', 'tel', false)}
${field('seats', words.seats, (attrs) => html`<input type="number" min="1" max="50" inputmode="numeric" ${attrs} value="${values.seats ?? '1'}">`, false)}
${moreInfo.length ? html`<fieldset class="more-info"><legend>${words.moreInfo}</legend>${moreInfo.map((f) => moreInfoField(f, values, field))}</fieldset>` : ''}
<button type="submit">${words.join}</button>
</form></section>`;
}

function moreInfoField(
  f: PageMoreInfoField,
  values: Record<string, string>,
  field: (
    name: string,
    label: string,
    input: (attrs: Markup) => Markup,
    required: boolean,
  ) => Markup,
): Markup {
  const name = moreInfoName(f);
  const value = values[name] ?? '';
  switch (f.type) {
    case 'textarea':
      return field(
        name,
        f.label,
        (attrs) => html`<textarea ${attrs} rows="4">${value}</textarea>`,
        f.required,
      );
    case 'checkbox':
      return html`<div class="field check">${field(name, f.label, (attrs) => html`<input type="checkbox" ${attrs} value="yes"${value ? html` checked` : ''}>`, f.required)}</div>`;
    case 'email':
      return field(
        name,
        f.label,
        (attrs) => html`<input type="email" ${attrs} value="${value}">`,
        f.required,
      );
    case 'phone':
      return field(
        name,
        f.label,
        (attrs) => html`<input type="tel" ${attrs} value="${value}">`,
        f.required,
      );
    default:
      // `select` has no options in the configuration: the traveller writes the answer.
      return field(
        name,
        f.label,
        (attrs) => html`<input type="text" ${attrs} value="${value}">`,
        f.required,
      );
  }
}
