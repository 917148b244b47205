// How a traveller page is answered: HTML with a (weak: gzipped or not) ETag of its bytes and `Cache-Control: no-cache`,
// so a refresh of an unchanged trip costs a 304 and a changed one shows at once; gzipped when the
// browser accepts it; with the Content-Security-Policy of traveller pages
// (http/security-headers.ts), which allows its inline stylesheet by hash.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { travellerPagePolicy } from '../http/security-headers.ts';

const CACHE = 'public, no-cache';

/** `cacheable`: an ETag and revalidation (a page that shows stored data); else `no-store`. */
export function pageResponse(
  request: Request,
  page: string,
  status = 200,
  cacheable = status === 200,
): Response {
  const etag = `W/"${createHash('sha256').update(page).digest('base64url').slice(0, 32)}"`;
  const headers: Record<string, string> = {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': cacheable ? CACHE : 'no-store',
    vary: 'accept-encoding, accept-language',
    'content-security-policy': travellerPagePolicy(page),
  };
  if (cacheable) {
    headers.etag = etag;
    if (matches(request.headers.get('if-none-match'), etag))
      return new Response(null, { status: 304, headers });
  }
  const body = Buffer.from(page, 'utf8');
  if (body.byteLength > 1024 && /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')) {
    headers['content-encoding'] = 'gzip';
    return new Response(gzipSync(body, { level: 6 }), { status, headers });
  }
  return new Response(body, { status, headers });
}

/** If-None-Match: `*`, or a list of tags (weak ones compare by their opaque part). */
function matches(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}
