// GET /docs: Swagger UI from the swagger-ui-dist package, served by us (no CDN), pointed at
// /openapi.json. Only the files the page needs are reachable, each read once and kept in memory,
// with a gzip copy for the 1.7 MB bundle.
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { DOCS_PATH } from '../http/security-headers.ts';

const DIST = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

// Our own script rather than an inline one, so the page works under a script-src 'self' policy.
const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    // No badge from validator.swagger.io: the page loads nothing from elsewhere (see its CSP).
    validatorUrl: null,
    persistAuthorization: true,
  });
});
`;

export const REFERENCE_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Trips API reference</title>
  <link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
  <link rel="icon" type="image/png" href="${DOCS_PATH}/favicon-32x32.png" sizes="32x32">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
  <script src="${DOCS_PATH}/init.js"></script>
</body>
</html>
`;

const CONTENT_TYPES = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.png': 'image/png',
} as const;
const DIST_FILES = new Set([
  'swagger-ui.css',
  'swagger-ui-bundle.js',
  'favicon-32x32.png',
  'favicon-16x16.png',
]);

export interface Asset {
  contentType: string;
  body: Uint8Array<ArrayBuffer>;
  gzipped: Uint8Array<ArrayBuffer> | undefined;
}

const cache = new Map<string, Promise<Asset>>();

/** One of the page's files by name, or undefined for anything else. */
export function referenceAsset(name: string): Promise<Asset> | undefined {
  if (name !== 'init.js' && !DIST_FILES.has(name)) return undefined;
  let asset = cache.get(name);
  if (!asset) {
    asset = load(name);
    asset.catch(() => cache.delete(name));
    cache.set(name, asset);
  }
  return asset;
}

async function load(name: string): Promise<Asset> {
  const body =
    name === 'init.js' ? Buffer.from(INIT_SCRIPT) : await fs.readFile(path.join(DIST, name));
  const extension = path.extname(name) as keyof typeof CONTENT_TYPES;
  const gzipped = extension === '.png' ? undefined : await promisify(gzip)(body);
  return {
    contentType: CONTENT_TYPES[extension],
    body: new Uint8Array(body),
    gzipped: gzipped && new Uint8Array(gzipped),
  };
}
