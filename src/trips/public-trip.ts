// What a traveller may see of a trip configuration (docs/pages.md): the visible blocks
// without booking references, the settings a page formats with, the theme, the contact only when
// `contact.visible`, the images in display order and the join form's fields when enabled.
// Quotation rates and the payment method stay with the agency. Missing parts (a document written
// before a field existed) read as the defaults every trip starts with.
import { defaultConfiguration } from './configuration.defaults.ts';

export interface PublicSettings {
  language: string;
  dateFormat: string;
  timeFormat: string;
  timezone: string;
  startOfTheWeek: string;
  currency: string;
  currencySymbolPosition: string;
  decimalSeparator: string;
  canDownloadPdf: boolean;
  canCreateCopy: boolean;
  hasExpiration: boolean;
  description: string | null;
  shareOnWhatsapp: { enabled: boolean; phoneNumber: string | null };
}
export interface PublicTheme {
  headerImage: string;
  navigation: string;
  logo: string | null;
  color: string | null;
  font: string | null;
  pdfContactPosition: string;
}
export interface PublicContact {
  type: string | null;
  agencyName: string | null;
  agentName: string | null;
  description: string | null;
  email: string | null;
  phoneNumber: string | null;
  address: string | null;
  web: string | null;
  pictureUrl: string | null;
}
export interface PublicImage {
  url: string;
  display: string;
}
export interface PublicMoreInfoField {
  id: string;
  type: string;
  label: string;
  required: boolean;
}
export interface PublicBlock {
  id: string;
  type: string;
  content: Record<string, unknown>;
  children: PublicBlock[];
}
export interface PublicConfiguration {
  blocks: PublicBlock[];
  settings: PublicSettings;
  theme: PublicTheme;
  contact: PublicContact | null;
  cover: PublicImage[];
  slider: string[];
  images: PublicImage[];
  moreInfo: PublicMoreInfoField[];
}

type Json = Record<string, unknown>;
/** Content keys no public surface shows: a booking reference and a surname let anyone change a booking. */
const PRIVATE_CONTENT_KEYS = new Set(['bookingReference']);

const cache = new WeakMap<object, PublicConfiguration>();

/** The public view of a stored configuration document; computed once per document object. */
export function publicConfigurationOf(document: unknown): PublicConfiguration {
  const doc = (isObject(document) ? document : {}) as Json;
  const cached = cache.get(doc);
  if (cached) return cached;
  const base = defaultConfiguration();
  const settings = { ...base.settings, ...objectAt(doc, 'settings') } as Json;
  const theme = objectAt(doc, 'theme');
  const contact = objectAt(doc, 'contact');
  const moreInfo = objectAt(doc, 'moreInfo');
  const whatsapp = objectAt(settings, 'shareOnWhatsapp');
  const cover = objectAt(doc, 'cover');
  const view: PublicConfiguration = {
    blocks: visibleBlocks(doc.blocks),
    settings: {
      language: text(settings.language) ?? 'en',
      dateFormat: text(settings.dateFormat) ?? base.settings.dateFormat,
      timeFormat: text(settings.timeFormat) ?? base.settings.timeFormat,
      timezone: text(settings.timezone) ?? base.settings.timezone,
      startOfTheWeek: text(settings.startOfTheWeek) ?? base.settings.startOfTheWeek,
      currency: text(settings.currency) ?? base.settings.currency,
      currencySymbolPosition:
        text(settings.currencySymbolPosition) ?? base.settings.currencySymbolPosition,
      decimalSeparator: text(settings.decimalSeparator) ?? base.settings.decimalSeparator,
      canDownloadPdf: settings.canDownloadPdf !== false,
      canCreateCopy: settings.canCreateCopy === true,
      hasExpiration: settings.hasExpiration === true,
      description: text(settings.description),
      shareOnWhatsapp: {
        enabled: whatsapp.enabled === true,
        phoneNumber: text(whatsapp.phoneNumber),
      },
    },
    theme: {
      headerImage: text(objectAt(theme, 'headerImage').config) ?? 'cover',
      navigation: text(theme.navigation) ?? 'none',
      logo: text(theme.logo),
      color: text(theme.color),
      font: text(theme.font),
      pdfContactPosition: text(theme.pdfContactPosition) ?? 'lastPage',
    },
    contact: contact.visible === true ? contactOf(contact) : null,
    cover: cover.enabled === true ? imagesOf(cover.files) : [],
    slider: Array.isArray(doc.slider)
      ? doc.slider.filter((u): u is string => typeof u === 'string')
      : [],
    images: imagesOf(objectAt(doc, 'images').files),
    moreInfo: moreInfo.enabled === true ? moreInfoFields(moreInfo.fields) : [],
  };
  cache.set(doc, view);
  return view;
}

function visibleBlocks(blocks: unknown): PublicBlock[] {
  if (!Array.isArray(blocks)) return [];
  return blocks.filter(isObject).flatMap((block) => {
    if (block.hidden === true || typeof block.id !== 'string' || typeof block.type !== 'string')
      return [];
    const content = Object.fromEntries(
      Object.entries(objectAt(block, 'content')).filter(([key]) => !PRIVATE_CONTENT_KEYS.has(key)),
    );
    return [{ id: block.id, type: block.type, content, children: visibleBlocks(block.children) }];
  });
}

function contactOf(contact: Json): PublicContact {
  return {
    type: text(contact.type),
    agencyName: text(contact.agencyName),
    agentName: text(contact.agentName),
    description: text(contact.description),
    email: text(contact.email),
    phoneNumber: text(contact.phoneNumber),
    address: text(contact.address),
    web: text(contact.web),
    pictureUrl: text(contact.pictureUrl),
  };
}

function imagesOf(files: unknown): PublicImage[] {
  if (!Array.isArray(files)) return [];
  return files
    .filter(isObject)
    .map((file, position) => ({ file, position }))
    .filter(({ file }) => typeof file.url === 'string')
    .sort(
      (a, b) =>
        numberOr(a.file.index, a.position) - numberOr(b.file.index, b.position) ||
        a.position - b.position,
    )
    .map(({ file }) => ({ url: file.url as string, display: text(file.display) ?? 'cover' }));
}

function moreInfoFields(fields: unknown): PublicMoreInfoField[] {
  if (!Array.isArray(fields)) return [];
  return fields.filter(isObject).map((field, i) => ({
    id: text(field.id) ?? `field-${i + 1}`,
    type: text(field.type) ?? 'text',
    label: text(field.label) ?? '',
    required: field.required === true,
  }));
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function objectAt(value: Json, key: string): Json {
  const found = value[key];
  return isObject(found) ? found : {};
}
function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}
