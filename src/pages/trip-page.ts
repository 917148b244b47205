// The public trip page (docs/pages.md): header image and logo as the theme says, the
// title, dates and countries, the day navigation, the blocks, the gallery, the contact card when
// visible, the PDF and WhatsApp actions, and the join form with the moreInfo fields. HTML only:
// nothing here needs JavaScript; the view counter's script is the one script of the page.
import { anchorOf, daysOf, renderBlocks } from './blocks.ts';
import { createFormatter, type Formatter } from './format.ts';
import { html, type Markup, safeUrl } from './html.ts';
import { type JoinForm, renderJoinForm } from './join-form.ts';
import { renderDocument } from './layout.ts';
import type { PageContact, PublicTripData } from './trip-page.query.ts';
import { pageLanguage, type Words, wordsFor } from './words.ts';

export interface TripPageOptions {
  /** The page's own address, PUBLIC_PAGES_URL + /t/{slug}: canonical link and shares. */
  pageUrl: string;
  /** The join form as last sent (values and errors), or its success. */
  join?: JoinForm;
}

const NAVIGATIONS = new Set(['verticalLeft', 'verticalRight', 'horizontal']);

export function tripView(trip: PublicTripData) {
  const configuration = trip.configuration;
  const settings = configuration?.settings ?? {
    language: 'en',
    dateFormat: 'DD/MM/YYYY',
    timeFormat: '24h',
    timezone: 'UTC',
    currency: 'EUR',
    currencySymbolPosition: 'end',
    decimalSeparator: ',',
    canDownloadPdf: true,
    canCreateCopy: false,
    description: null,
    shareOnWhatsapp: { enabled: false, phoneNumber: null },
  };
  const lang = pageLanguage(settings.language);
  const words = wordsFor(lang);
  const format = createFormatter({ ...settings, language: lang });
  return { configuration, settings, lang, words, format };
}

export function renderTripPage(trip: PublicTripData, options: TripPageOptions): string {
  const { configuration, settings, lang, words, format } = tripView(trip);
  const theme = configuration?.theme;
  const blocks = configuration?.blocks ?? [];
  const days = daysOf(blocks);
  const navigation =
    theme && NAVIGATIONS.has(theme.navigation) && days.length > 1 ? theme.navigation : 'none';
  const images = [
    ...(configuration?.images ?? []),
    ...(configuration?.slider ?? []).map((url) => ({ url, display: 'cover' })),
  ];
  const body = html`<a class="skip" href="#main">${words.skipToContent}</a>
${header(trip, words, format)}
<div class="layout">
${navigation !== 'none' ? html`<nav class="days-nav" aria-label="${words.days}"><ol>${days.map((day) => html`<li><a href="#${anchorOf(day)}">${dayLabel(day.content, words, format)}</a></li>`)}</ol></nav>` : ''}
<main id="main" data-view-slug="${trip.slug}">
${settings.description ? html`<p class="lead">${settings.description}</p>` : ''}
${renderBlocks(blocks, 2, { words, format })}
${images.length ? gallery(images, words) : ''}
${configuration?.contact ? contactCard(configuration.contact, words) : ''}
${actions(trip, settings, words, options.pageUrl)}
${settings.canCreateCopy ? copySection(trip, words) : ''}
${renderJoinForm(trip, configuration?.moreInfo ?? [], words, options.join)}
</main>
</div>`;
  return renderDocument({
    lang,
    title: trip.title,
    description: trip.seoDescription || settings.description || summary(trip, words, format),
    canonical: options.pageUrl,
    theme: theme ?? {},
    countsViews: true,
    bodyClass: `nav-${navigation}`,
    body,
  });
}

/** The trip's dates and countries as its page writes them. */
function facts(trip: PublicTripData, format: Formatter) {
  const start = format.date(trip.dateStart);
  const finish = format.date(trip.dateFinish);
  const dates = start && finish && start !== finish ? `${start} – ${finish}` : start;
  const places = trip.countries.map((c) => format.country(c)).join(', ');
  return { dates, places };
}

/**
 * The page's description when the agency wrote none (no SEO description, no settings
 * description): its title, dates, length and countries, in the trip's language, so that a shared
 * link or a search result always says what the trip is.
 */
function summary(trip: PublicTripData, words: Words, format: Formatter): string {
  const { dates, places } = facts(trip, format);
  return [trip.title, dates, trip.duration ? words.dayCount(trip.duration) : null, places]
    .filter(Boolean)
    .join(' · ');
}

function header(trip: PublicTripData, words: Words, format: Formatter): Markup {
  const configuration = trip.configuration;
  const mode = configuration?.theme.headerImage ?? 'cover';
  const image = safeUrl(configuration?.cover[0]?.url ?? trip.imageUrl);
  const logo = safeUrl(configuration?.theme.logo ?? trip.logo);
  const { dates, places } = facts(trip, format);
  return html`<header class="hero ${mode === 'contain' ? 'contain' : 'cover'}">
${image && mode !== 'none' ? html`<img class="hero-image" src="${image}" alt="" width="1600" height="600" fetchpriority="high">` : ''}
<div class="hero-text">
${logo ? html`<img class="logo" src="${logo}" alt="${words.logo}" height="64">` : ''}
<h1>${trip.title}</h1>
<ul class="facts">
${dates ? html`<li><span class="visually-hidden">${words.dates}: </span>${dates}</li>` : ''}
${trip.duration ? html`<li>${words.dayCount(trip.duration)}</li>` : ''}
${places ? html`<li><span class="visually-hidden">${words.destinations}: </span>${places}</li>` : ''}
</ul>
</div>
</header>`;
}

function dayLabel(content: Record<string, unknown>, words: Words, format: Formatter): string {
  const n = typeof content.day === 'number' ? words.day(content.day) : null;
  const date = format.date(content.date);
  return [n, date].filter(Boolean).join(' · ') || words.itinerary;
}

function gallery(images: Array<{ url: string; display: string }>, words: Words): Markup {
  const shown = images.flatMap((image) => {
    const src = safeUrl(image.url);
    return src ? [{ src, contain: image.display === 'contain' }] : [];
  });
  if (!shown.length) return html``;
  return html`<section class="gallery-section" aria-labelledby="gallery-h"><h2 id="gallery-h">${words.gallery}</h2>
<ul class="gallery">${shown.map(
    (image, i) =>
      html`<li><img src="${image.src}" alt="${words.image(i + 1)}" loading="lazy" decoding="async" width="640" height="480"${image.contain ? html` class="contain"` : ''}></li>`,
  )}</ul></section>`;
}

function contactCard(contact: PageContact, words: Words): Markup {
  const name =
    contact.type === 'agent'
      ? (contact.agentName ?? contact.agencyName)
      : (contact.agencyName ?? contact.agentName);
  const other = name === contact.agencyName ? contact.agentName : contact.agencyName;
  const picture = safeUrl(contact.pictureUrl);
  const web = safeUrl(contact.web);
  const phone = contact.phoneNumber?.replace(/[^\d+]/g, '');
  return html`<section class="contact-section" aria-labelledby="contact-h"><h2 id="contact-h">${words.contact}</h2>
<div class="contact">
${picture ? html`<img src="${picture}" alt="${name ?? words.contact}" width="80" height="80" loading="lazy">` : ''}
<div>
${name ? html`<h3>${name}</h3>` : ''}
${other ? html`<p>${other}</p>` : ''}
${contact.description ? html`<p>${contact.description}</p>` : ''}
<dl>
${contact.email ? html`<div><dt>${words.email}</dt><dd><a href="mailto:${contact.email}">${contact.email}</a></dd></div>` : ''}
${contact.phoneNumber ? html`<div><dt>${words.phone}</dt><dd><a href="tel:${phone ?? ''}">${contact.phoneNumber}</a></dd></div>` : ''}
${web ? html`<div><dt>${words.web}</dt><dd><a href="${web}" rel="noopener">${contact.web ?? web}</a></dd></div>` : ''}
${contact.address ? html`<div><dt>${words.address}</dt><dd>${contact.address}</dd></div>` : ''}
</dl>
</div>
</div>
</section>`;
}

/**
 * `canCreateCopy`: travel agents may make this trip their own. The page has no sign-in, so it
 * gives the copy code (the slug) that an agency's software passes to the `copyPublicTrip`
 * mutation (docs/pages.md), as the join form takes a join code.
 */
function copySection(trip: PublicTripData, words: Words): Markup {
  return html`<section class="copy-section" aria-labelledby="copy-h"><h2 id="copy-h">${words.copyTitle}</h2>
<p>${words.copyText}</p>
<p>${words.copyCode}: <code class="copy-code">${trip.slug}</code></p>
</section>`;
}

function actions(
  trip: PublicTripData,
  settings: {
    canDownloadPdf: boolean;
    shareOnWhatsapp: { enabled: boolean; phoneNumber: string | null };
  },
  words: Words,
  pageUrl: string,
): Markup | string {
  const whatsapp = settings.shareOnWhatsapp;
  const share = whatsapp.enabled
    ? `https://wa.me/${whatsapp.phoneNumber?.replace(/\D/g, '') ?? ''}?text=${encodeURIComponent(`${words.shareText(trip.title)} ${pageUrl}`)}`
    : undefined;
  if (!settings.canDownloadPdf && !share) return '';
  return html`<div class="actions">
${settings.canDownloadPdf ? html`<a class="button" href="/t/${encodeURIComponent(trip.slug)}/pdf" download>${words.downloadPdf}</a>` : ''}
${share ? html`<a class="button secondary" href="${share}" rel="noopener">${words.shareOnWhatsapp}</a>` : ''}
</div>`;
}
