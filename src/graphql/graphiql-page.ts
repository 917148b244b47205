// GraphiQL on GET /graphql, from the @graphql-yoga/render-graphiql package (no CDN). That package
// inlines its 9 MB bundle, styles and Monaco workers into the page; we serve each as a file under
// /graphiql/ instead, so the page runs under a `script-src 'self'` policy (no inline script, no
// blob: workers) and the browser caches the bundle.
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { GraphiQLOptions } from 'graphql-yoga';

export const GRAPHIQL_ASSETS_PATH = '/graphiql';

// Monaco asks for a worker by label; these names are what the yoga bundle uses.
const WORKERS = {
  editorWorkerService: 'editor.worker.js',
  json: 'json.worker.js',
  graphql: 'graphql.worker.js',
} as const;

const INIT_SCRIPT = `self.MonacoEnvironment = {
  globalAPI: false,
  getWorkerUrl: function (_moduleId, label) {
    return ${JSON.stringify(Object.fromEntries(Object.entries(WORKERS).map(([label, file]) => [label, `${GRAPHIQL_ASSETS_PATH}/${file}`])))}[label];
  },
};
YogaGraphiQL.renderYogaGraphiQL(
  document.querySelector('#root'),
  JSON.parse(document.getElementById('graphiql-options').textContent),
);
`;

/** The page Yoga answers with; its options travel as a JSON data block, which no policy blocks. */
export function renderGraphiQLPage(options: GraphiQLOptions): string {
  const json = JSON.stringify(options).replace(/</g, '\\u003c');
  const title = (options.title ?? 'Trips API GraphiQL').replace(/[<>&"]/g, '');
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>${title}</title>
  <link rel="icon" href="${GRAPHIQL_ASSETS_PATH}/favicon.ico">
  <link rel="stylesheet" href="${GRAPHIQL_ASSETS_PATH}/graphiql.css">
</head>
<body id="body" class="no-focus-outline">
  <noscript>You need to enable JavaScript to run GraphiQL.</noscript>
  <div id="root"></div>
  <script id="graphiql-options" type="application/json">${json}</script>
  <script src="${GRAPHIQL_ASSETS_PATH}/graphiql.js"></script>
  <script src="${GRAPHIQL_ASSETS_PATH}/init.js"></script>
</body>
</html>
`;
}

export interface GraphiQLAsset {
  contentType: string;
  body: Uint8Array<ArrayBuffer>;
  gzipped: Uint8Array<ArrayBuffer> | undefined;
}

const JS = 'text/javascript; charset=utf-8';
type Bundle = typeof import('@graphql-yoga/render-graphiql/graphiql');
const SOURCES: Record<string, { contentType: string; read: (bundle: Bundle) => Buffer }> = {
  'graphiql.js': { contentType: JS, read: (b) => Buffer.from(b.js) },
  'graphiql.css': { contentType: 'text/css; charset=utf-8', read: (b) => Buffer.from(b.css) },
  'favicon.ico': {
    contentType: 'image/x-icon',
    read: (b) => Buffer.from(b.favicon.slice(b.favicon.indexOf(',') + 1), 'base64'),
  },
  'init.js': { contentType: JS, read: () => Buffer.from(INIT_SCRIPT) },
  [WORKERS.editorWorkerService]: {
    contentType: JS,
    read: (b) => Buffer.from(b.editorWorkerService),
  },
  [WORKERS.json]: { contentType: JS, read: (b) => Buffer.from(b.jsonWorker) },
  [WORKERS.graphql]: { contentType: JS, read: (b) => Buffer.from(b.graphqlWorker) },
};

const cache = new Map<string, Promise<GraphiQLAsset>>();

/** One of the page's files by name, or undefined for anything else. The bundle loads on first use. */
export function graphiqlAsset(name: string): Promise<GraphiQLAsset> | undefined {
  const source = Object.hasOwn(SOURCES, name) ? SOURCES[name] : undefined;
  if (!source) return undefined;
  let asset = cache.get(name);
  if (!asset) {
    asset = load(source);
    asset.catch(() => cache.delete(name));
    cache.set(name, asset);
  }
  return asset;
}

async function load(source: (typeof SOURCES)[string]): Promise<GraphiQLAsset> {
  const body = source.read(await import('@graphql-yoga/render-graphiql/graphiql'));
  const gzipped = source.contentType.startsWith('image/') ? undefined : await promisify(gzip)(body);
  return {
    contentType: source.contentType,
    body: new Uint8Array(body),
    gzipped: gzipped && new Uint8Array(gzipped),
  };
}
