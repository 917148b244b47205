// The public trip page's data (docs/pages.md): `publicTrip(slug)` answers a public trip
// outside the trash with the part of its configuration a traveller sees. Every field is typed, so
// what is not here cannot be selected: no join code, code, owner ids, views, quotation rates,
// payment method, hidden blocks, booking references, or a contact the agency keeps hidden.
import type { TripConfiguration } from '../db/prisma.ts';
import { builder } from '../graphql/builder.ts';
import { publicConfigurationOf } from './public-trip.ts';
import type {
  PublicContact,
  PublicImage,
  PublicMoreInfoField,
  PublicSettings,
  PublicTheme,
} from './public-trip.ts';
import { PublicTripType } from './trip.schema.ts';
import { getPublicTrip } from './trip.service.ts';

const WhatsappShareType = builder
  .objectRef<{ enabled: boolean; phoneNumber: string | null }>('PublicWhatsappShare')
  .implement({
    fields: (t) => ({
      enabled: t.exposeBoolean('enabled'),
      phoneNumber: t.exposeString('phoneNumber', {
        nullable: true,
        description: 'Shares go to this number; none: the traveller picks a contact.',
      }),
    }),
  });

const SettingsType = builder.objectRef<PublicSettings>('PublicTripSettings').implement({
  description: 'How the page writes dates, times and prices, and what travellers may do.',
  fields: (t) => ({
    language: t.exposeString('language'),
    dateFormat: t.exposeString('dateFormat', { description: 'A pattern such as DD/MM/YYYY.' }),
    timeFormat: t.exposeString('timeFormat', { description: '12h or 24h.' }),
    timezone: t.exposeString('timezone'),
    startOfTheWeek: t.exposeString('startOfTheWeek'),
    currency: t.exposeString('currency'),
    currencySymbolPosition: t.exposeString('currencySymbolPosition', {
      description: 'start or end.',
    }),
    decimalSeparator: t.exposeString('decimalSeparator'),
    canDownloadPdf: t.exposeBoolean('canDownloadPdf'),
    canCreateCopy: t.exposeBoolean('canCreateCopy'),
    hasExpiration: t.exposeBoolean('hasExpiration'),
    description: t.exposeString('description', { nullable: true }),
    shareOnWhatsapp: t.field({
      type: WhatsappShareType,
      resolve: (settings) => settings.shareOnWhatsapp,
    }),
  }),
});

const ThemeType = builder.objectRef<PublicTheme>('PublicTripTheme').implement({
  fields: (t) => ({
    headerImage: t.exposeString('headerImage', { description: 'cover, contain or none.' }),
    navigation: t.exposeString('navigation', {
      description: 'verticalRight, verticalLeft, horizontal or none.',
    }),
    logo: t.exposeString('logo', { nullable: true }),
    color: t.exposeString('color', { nullable: true, description: 'Hex colour.' }),
    font: t.exposeString('font', { nullable: true }),
    pdfContactPosition: t.exposeString('pdfContactPosition', {
      description: 'firstPage or lastPage.',
    }),
  }),
});

const ContactType = builder.objectRef<PublicContact>('PublicTripContact').implement({
  description: "The agency's or agent's card, as the agency chose to show it.",
  fields: (t) => ({
    type: t.exposeString('type', { nullable: true, description: 'agency or agent.' }),
    agencyName: t.exposeString('agencyName', { nullable: true }),
    agentName: t.exposeString('agentName', { nullable: true }),
    description: t.exposeString('description', { nullable: true }),
    email: t.exposeString('email', { nullable: true }),
    phoneNumber: t.exposeString('phoneNumber', { nullable: true }),
    address: t.exposeString('address', { nullable: true }),
    web: t.exposeString('web', { nullable: true }),
    pictureUrl: t.exposeString('pictureUrl', { nullable: true }),
  }),
});

const ImageType = builder.objectRef<PublicImage>('PublicTripImage').implement({
  fields: (t) => ({
    url: t.exposeString('url'),
    display: t.exposeString('display', { description: 'cover or contain.' }),
  }),
});

const MoreInfoFieldType = builder.objectRef<PublicMoreInfoField>('PublicMoreInfoField').implement({
  description: 'A field of the form travellers fill in when they join.',
  fields: (t) => ({
    id: t.exposeString('id'),
    type: t.exposeString('type', {
      description: 'text, email, phone, textarea, select or checkbox.',
    }),
    label: t.exposeString('label'),
    required: t.exposeBoolean('required'),
  }),
});

const PublicConfigurationType = builder.prismaObject('TripConfiguration', {
  variant: 'PublicTripConfiguration',
  description: 'What a traveller sees of a trip configuration.',
  fields: (t) => {
    const part =
      <K extends keyof ReturnType<typeof publicConfigurationOf>>(key: K) =>
      (c: TripConfiguration) =>
        publicConfigurationOf(c.document)[key];
    return {
      revision: t.exposeInt('revision'),
      updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
      blocks: t.field({
        type: ['JSONObject'],
        description:
          'The block tree without hidden blocks (and their children) and without booking references.',
        resolve: (c) =>
          publicConfigurationOf(c.document).blocks as unknown as Record<string, unknown>[],
      }),
      settings: t.field({ type: SettingsType, resolve: part('settings') }),
      theme: t.field({ type: ThemeType, resolve: part('theme') }),
      contact: t.field({
        type: ContactType,
        nullable: true,
        description: 'Null unless the contact is visible.',
        resolve: part('contact'),
      }),
      cover: t.field({
        type: [ImageType],
        description: 'The header images when the cover is enabled.',
        resolve: part('cover'),
      }),
      slider: t.stringList({ resolve: part('slider') }),
      images: t.field({
        type: [ImageType],
        description: 'In display order.',
        resolve: part('images'),
      }),
      moreInfo: t.field({
        type: [MoreInfoFieldType],
        description: "The join form's extra fields; empty unless the form is enabled.",
        resolve: part('moreInfo'),
      }),
    };
  },
});

builder.prismaObjectField(PublicTripType, 'configuration', (t) =>
  t.relation('configuration', { type: PublicConfigurationType, nullable: true }),
);

builder.queryField('publicTrip', (t) =>
  t.prismaField({
    type: PublicTripType,
    description:
      'Public (no key): a public trip outside the trash, by slug, as its page shows it. Private, deleted or unknown: not_found.',
    args: { slug: t.arg.string({ required: true }) },
    resolve: (query, _root, args, ctx) => getPublicTrip(ctx.prisma, args.slug, query),
  }),
);
