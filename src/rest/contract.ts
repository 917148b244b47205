// What the OpenAPI document promises about a request, checked before any route runs, so the
// document is the one list of what each path takes: a known path asked with another method is a
// 405 with `Allow`; a body of a media type the operation does not read is a 415 naming those it
// does; a query parameter the operation does not document is a 400 naming the ones it does
// (`GET /trips?countries=ITA` used to answer every trip). Paths the document does not know are
// left to the router (its 404, the reference page's files).
import { Response } from '@whatwg-node/server';
import { MethodNotAllowedError, UnsupportedMediaTypeError, ValidationError } from '../errors.ts';
import type { Method, Operation, Parameter, Paths, Reference } from '../openapi/types.ts';
import { didYouMean } from '../shared/did-you-mean.ts';

interface PathContract {
  template: string;
  pattern: RegExp;
  /** Path parameters: a literal path (`/trips/bulk-delete`) wins over a template (`/trips/{tripId}`). */
  parameters: number;
  methods: Map<string, OperationContract>;
  /** The `Allow` header: its methods, HEAD wherever GET is, and OPTIONS. */
  allow: string;
}

interface OperationContract {
  /** Undefined: not checked (the operation's 400 is not the validation body, or it is a page). */
  query: ReadonlySet<string> | undefined;
  /** The media types of its body; undefined when it takes none. */
  media: readonly string[] | undefined;
}

/**
 * `url`: the request's, parsed. Throws what the request breaks; answers an OPTIONS request that
 * is not a CORS preflight (those are answered before) with 204 and the path's `Allow`.
 */
export type RequestCheck = (request: Request, url: URL) => Response | undefined;

/** `parameters`: the document's components.parameters, to resolve `$ref`s. */
export function requestContract(paths: Paths, parameters: Record<string, Parameter>): RequestCheck {
  const contracts = Object.entries(paths).map(([template, item]) =>
    pathContract(template, item, parameters),
  );
  return (request, url) => {
    // itty-router routes `/trips/` as `/trips`: so does the contract.
    const path = mostSpecific(contracts, url.pathname.replace(/(.)\/+$/, '$1'));
    if (!path) return undefined;
    if (request.method === 'OPTIONS')
      return new Response(null, { status: 204, headers: { allow: path.allow } });
    // A HEAD the app did not route as a GET (see http/head.ts) is checked as one.
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const operation = path.methods.get(method);
    if (!operation)
      throw new MethodNotAllowedError(request.method, url.pathname, [...path.methods.keys()], {
        allow: path.allow,
      });
    if (operation.media) checkMediaType(request, operation.media);
    if (operation.query) checkQuery(method, path.template, url.searchParams, operation.query);
    return undefined;
  };
}

function pathContract(
  template: string,
  item: Paths[string],
  shared: Record<string, Parameter>,
): PathContract {
  const source = template
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  const methods = new Map<string, OperationContract>();
  for (const method of ['get', 'put', 'post', 'patch', 'delete'] as Method[]) {
    const operation = item[method];
    if (operation) methods.set(method.toUpperCase(), operationContract(operation, shared));
  }
  const allow = [...methods.keys()].flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m]));
  return {
    template,
    pattern: new RegExp(`^${source}$`),
    parameters: (template.match(/\{/g) ?? []).length,
    methods,
    allow: [...allow, 'OPTIONS'].join(', '),
  };
}

function operationContract(
  operation: Operation,
  shared: Record<string, Parameter>,
): OperationContract {
  const resolve = (p: Parameter | Reference) =>
    '$ref' in p ? shared[p.$ref.split('/').pop()!] : p;
  const names = (operation.parameters ?? [])
    .map(resolve)
    .filter((p) => p?.in === 'query')
    .map((p) => p!.name);
  // Only where a 400 answers in the validation body (not the AI import's or OAuth's own bodies),
  // and not on the documentation pages, which a browser may open with any query string.
  const badRequest = operation.responses['400'] as Reference | undefined;
  const checked =
    badRequest?.$ref === '#/components/responses/BadRequest' &&
    !operation.tags.includes('Documentation');
  return {
    query: checked ? new Set(names) : undefined,
    media: operation.requestBody && Object.keys(operation.requestBody.content),
  };
}

function mostSpecific(
  contracts: readonly PathContract[],
  pathname: string,
): PathContract | undefined {
  let best: PathContract | undefined;
  for (const contract of contracts) {
    if (contract.pattern.test(pathname) && (!best || contract.parameters < best.parameters))
      best = contract;
  }
  return best;
}

/** A body without a Content-Type is read as JSON, as before; one with another type is refused. */
function checkMediaType(request: Request, accepted: readonly string[]): void {
  const header = request.headers.get('content-type');
  if (header === null) return;
  const type = header.split(';')[0]!.trim().toLowerCase();
  if (!accepted.includes(type))
    throw new UnsupportedMediaTypeError(request.method, type.slice(0, 100), accepted);
}

function checkQuery(
  method: string,
  template: string,
  query: URLSearchParams,
  accepted: ReadonlySet<string>,
): void {
  const unknown = new Set([...query.keys()].filter((name) => !accepted.has(name)));
  if (!unknown.size) return;
  const takes = accepted.size ? `It takes ${[...accepted].join(', ')}.` : 'It takes none.';
  // A few names, each cut short: the answer stays small whatever the query string holds.
  throw new ValidationError(
    Object.fromEntries(
      [...unknown].slice(0, 10).map((raw) => {
        const name = raw.slice(0, 100);
        return [
          name,
          [
            `${name} is not a query parameter of ${method} ${template}. ${takes}${didYouMean(name, accepted)}`,
          ],
        ];
      }),
    ),
  );
}
