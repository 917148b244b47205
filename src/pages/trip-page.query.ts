// The public trip page's data: one public GraphQL query of the schema /graphql serves
// (`publicTrip`), prepared once and run in-process like a REST route's operation.
import type { GraphQLSchema } from 'graphql';
import { NotFoundError } from '../errors.ts';
import type { Context } from '../graphql/context.ts';
import { documentSource } from '../graphql/trusted-documents.ts';
import { prepareOperation, runOperation, type PreparedOperation } from '../rest/execute.ts';
import type {
  PublicBlock,
  PublicContact,
  PublicImage,
  PublicMoreInfoField,
  PublicSettings,
  PublicTheme,
} from '../trips/public-trip.ts';

export const PUBLIC_TRIP_QUERY = documentSource('pages/trip-page.graphql');

// The query's shapes are the public trip's own (trips/public-trip.ts), settings as selected.
export type PageBlock = PublicBlock;
export type PageImage = PublicImage;
export type PageContact = PublicContact;
export type PageMoreInfoField = PublicMoreInfoField;
export type PageSettings = Omit<PublicSettings, 'startOfTheWeek' | 'hasExpiration'>;
export interface PublicTripData {
  id: number;
  title: string;
  slug: string;
  seoDescription: string | null;
  duration: number | null;
  dateStart: string | null;
  dateFinish: string | null;
  logo: string | null;
  countries: string[];
  imageUrl: string | null;
  updatedAt: string;
  configuration: {
    revision: number;
    blocks: PageBlock[];
    settings: PageSettings;
    theme: PublicTheme;
    contact: PageContact | null;
    cover: PageImage[];
    slider: string[];
    images: PageImage[];
    moreInfo: PageMoreInfoField[];
  } | null;
}

const prepared = new WeakMap<GraphQLSchema, PreparedOperation<{ publicTrip: PublicTripData }>>();

/** The trip as its page shows it; a trip no public page shows throws NotFoundError. */
export async function loadPublicTrip(
  schema: GraphQLSchema,
  context: Context,
  slug: string,
): Promise<PublicTripData> {
  // Slugs are short; a long one is no trip's, and not worth a query.
  if (slug.length > 300) throw new NotFoundError('Trip not found.');
  let operation = prepared.get(schema);
  if (!operation) {
    operation = prepareOperation(schema, PUBLIC_TRIP_QUERY);
    prepared.set(schema, operation);
  }
  const data = await runOperation(schema, operation, context, { slug });
  return data.publicTrip;
}
