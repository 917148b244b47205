// GET /t/{slug}/pdf: the trip as a PDF (trip-pdf.ts) when its settings allow the download. Bounded:
// a few PDFs at a time in each process (a busy one answers 503 with Retry-After), images fetched
// with a time-out each; an unchanged trip answers 304 to its ETag without making the PDF again.
import type { GraphQLSchema } from 'graphql';
import { NotFoundError, ServiceUnavailableError } from '../errors.ts';
import type { Context } from '../graphql/context.ts';
import { fetchImages } from './pdf-images.ts';
import { loadPublicTrip } from './trip-page.query.ts';
import { pdfImageUrls, renderTripPdf } from './trip-pdf.ts';

/** Ours: PDFs made at once by one process; each takes tens of milliseconds of CPU. */
const CONCURRENT_PDFS = 4;
let making = 0;

export async function handlePdf(
  schema: GraphQLSchema,
  request: Request & { params: Record<string, string> },
  context: Context,
): Promise<Response> {
  const trip = await loadPublicTrip(schema, context, request.params.slug ?? '');
  const configuration = trip.configuration;
  if (configuration && !configuration.settings.canDownloadPdf)
    throw new NotFoundError('This trip offers no PDF.');
  const etag = `W/"pdf-${trip.id}-${configuration?.revision ?? 0}-${Date.parse(trip.updatedAt)}"`;
  const headers = { etag, 'cache-control': 'public, no-cache' };
  if (
    request.headers
      .get('if-none-match')
      ?.split(',')
      .some((t) => t.trim() === etag)
  )
    return new Response(null, { status: 304, headers });
  if (making >= CONCURRENT_PDFS) throw new PdfBusyError();
  making++;
  try {
    const images = await fetchImages(pdfImageUrls(trip), {
      allowLoopback: context.services.config.outboundAllowLoopback,
    });
    const pdf = await renderTripPdf(trip, images);
    return new Response(new Uint8Array(pdf), {
      headers: {
        ...headers,
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${trip.slug.replace(/[^\w-]/g, '_')}.pdf"`,
      },
    });
  } finally {
    making--;
  }
}

class PdfBusyError extends ServiceUnavailableError {
  readonly headers = { 'retry-after': '2' };
  constructor() {
    super('Too many PDFs are being made: try again in a moment.');
  }
}
