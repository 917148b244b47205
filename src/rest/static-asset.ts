// The files of the two pages served from npm (/docs and GraphiQL): one answer for both, gzipped
// when the client accepts it, cached for a day.
import { NotFoundError } from '../errors.ts';

export interface StaticAsset {
  contentType: string;
  body: Uint8Array<ArrayBuffer>;
  gzipped: Uint8Array<ArrayBuffer> | undefined;
}

/** The asset's answer; a name that is not a file of the page (undefined) is a 404. */
export async function assetResponse(
  request: Request,
  asset: Promise<StaticAsset> | undefined,
): Promise<Response> {
  if (!asset) throw new NotFoundError(`No route for GET ${new URL(request.url).pathname}.`);
  const { contentType, body, gzipped } = await asset;
  const useGzip =
    gzipped !== undefined && /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '');
  return new Response(useGzip ? gzipped : body, {
    headers: {
      'content-type': contentType,
      'cache-control': 'public, max-age=86400',
      vary: 'accept-encoding',
      ...(useGzip ? { 'content-encoding': 'gzip' } : {}),
    },
  });
}
