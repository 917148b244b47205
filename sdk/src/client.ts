// The client: openapi-fetch over the types generated from openapi.json (src/generated/openapi.ts),
// with the API key, idempotency keys and retries (retry.ts) on every request. `GET`, `POST`, `PUT`,
// `PATCH` and `DELETE` take a documented path and its typed parameters and body, and resolve with
// the typed answer or throw a typed error (errors.ts). Around them: `pages` and `paginate` walk a
// paginated list, and `importTrip` runs an AI import to its end.
import createOpenApiClient, { type Client, type MaybeOptionalInit } from 'openapi-fetch';
import type { HttpMethod, PathsWithMethod, RequiredKeysOf } from 'openapi-typescript-helpers';
import { errorOf } from './errors.ts';
import type { components, paths } from './generated/openapi.ts';
import { type RetryOptions, retryingFetch, sleep } from './retry.ts';

export type Schemas = components['schemas'];
export type TripImportJob = Schemas['TripImportJob'];
export type CreateTripImportRequest = Schemas['CreateTripImportRequest'];

export interface TripsClientOptions {
  /** The API's base URL, e.g. `https://api.example.com` (no trailing path). */
  baseUrl: string;
  /** `ak_...`: sent as `Authorization: Bearer`. Leave it out for public calls or to set headers yourself. */
  apiKey?: string;
  /** The AI server's base URL, for `importTrip(..., { server: 'ai' })`. */
  aiBaseUrl?: string;
  /** Headers sent with every request (e.g. `authorization` and `x-on-behalf-of` for a machine client). */
  headers?: Record<string, string>;
  retry?: RetryOptions;
  /** The fetch to send with (default: the global one). */
  fetch?: (input: Request) => Promise<Response>;
}

type InitParam<Init> =
  RequiredKeysOf<Init> extends never
    ? [(Init & { [key: string]: unknown })?]
    : [Init & { [key: string]: unknown }];

/** What a successful call resolves with: the documented JSON body of its 2xx answers. */
export type Data<Operation> = Operation extends { responses: infer Responses }
  ? {
      [Status in keyof Responses]: Status extends 200 | 201 | 202 | 204
        ? Responses[Status] extends { content: { 'application/json': infer Body } }
          ? Body
          : never
        : never;
    }[keyof Responses]
  : never;

/** One method of the client: a documented path, its typed parameters and body, the typed answer. */
export type Method<M extends HttpMethod> = <
  P extends PathsWithMethod<paths, M>,
  Init extends MaybeOptionalInit<paths[P], M>,
>(
  path: P,
  ...init: InitParam<Init>
) => Promise<Data<paths[P][M]>>;

type Getters = PathsWithMethod<paths, 'get'>;
/** The paths whose GET answers with the page envelope `{data, page, pageSize, totalCount, totalPages}`. */
export type PaginatedPath = {
  [P in Getters]: Data<paths[P]['get']> extends {
    data: unknown[];
    page: number;
    totalPages: number;
  }
    ? P
    : never;
}[Getters];
export type Page<P extends PaginatedPath> = Data<paths[P]['get']>;
export type Item<P extends PaginatedPath> = Page<P>['data'][number];

export interface ImportOptions {
  /** Where to send it: the API (`/ai/trips/from-document`, default) or the AI server (`/trip-imports`). */
  server?: 'api' | 'ai';
  /** Aborting stops the wait, cancels the job (best effort) and rejects with the signal's reason. */
  signal?: AbortSignal;
  /** The first wait between two status polls (default 500 ms), growing by half each time... */
  pollIntervalMs?: number;
  /** ...up to this (default 5 s). */
  maxPollIntervalMs?: number;
}

/** An AI import that ended in `error` or `canceled`; `job` is its last status. */
export class TripImportError extends Error {
  override readonly name = 'TripImportError';
  readonly job: TripImportJob;
  constructor(job: TripImportJob) {
    super(
      job.status === 'canceled'
        ? `The import ${job.jobId} was canceled.`
        : `The import ${job.jobId} failed: ${job.error ?? 'no reason given'}`,
    );
    this.job = job;
  }
}

type RawMethod = (
  path: string,
  init?: object,
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
type UntypedMethod = (path: string, init?: object) => Promise<unknown>;

export class TripsClient {
  /** The underlying openapi-fetch client (answers as `{data, error, response}`, never throws for a status). */
  readonly raw: Client<paths>;
  readonly GET: Method<'get'>;
  readonly POST: Method<'post'>;
  readonly PUT: Method<'put'>;
  readonly PATCH: Method<'patch'>;
  readonly DELETE: Method<'delete'>;
  private readonly aiBaseUrl: string | undefined;

  constructor(options: TripsClientOptions) {
    const headers: Record<string, string> = { ...options.headers };
    if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
    const send = options.fetch ?? ((request: Request) => fetch(request));
    this.raw = createOpenApiClient<paths>({
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      headers,
      fetch: retryingFetch(send, options.retry),
    });
    this.aiBaseUrl = options.aiBaseUrl?.replace(/\/+$/, '');
    // The typing is Method's; openapi-fetch's own methods have the same parameters.
    const method = <M extends HttpMethod>(name: Uppercase<M>): Method<M> => {
      const send = this.raw[name] as unknown as RawMethod;
      return ((path: string, init?: object) => unwrap(send(path, init))) as unknown as Method<M>;
    };
    this.GET = method<'get'>('GET');
    this.POST = method<'post'>('POST');
    this.PUT = method<'put'>('PUT');
    this.PATCH = method<'patch'>('PATCH');
    this.DELETE = method<'delete'>('DELETE');
  }

  /**
   * The pages of a paginated list, from `params.query.page` (default 1) to the last: `for await
   * (const page of client.pages('/trips', { params: { query: { pageSize: 100 } } }))`.
   */
  async *pages<P extends PaginatedPath>(
    path: P,
    ...init: InitParam<MaybeOptionalInit<paths[P], 'get'>>
  ): AsyncGenerator<Page<P>, void, undefined> {
    const options = (init[0] ?? {}) as { params?: { query?: { page?: number } } };
    let page = options.params?.query?.page ?? 1;
    for (;;) {
      const query = { ...options.params?.query, page };
      const result = (await (this.GET as unknown as UntypedMethod)(path, {
        ...options,
        params: { ...options.params, query },
      })) as Page<P>;
      yield result;
      if (result.page >= result.totalPages || result.data.length === 0) return;
      page = result.page + 1;
    }
  }

  /** Every item of a paginated list, page after page: `for await (const trip of client.paginate('/trips'))`. */
  async *paginate<P extends PaginatedPath>(
    path: P,
    ...init: InitParam<MaybeOptionalInit<paths[P], 'get'>>
  ): AsyncGenerator<Item<P>, void, undefined> {
    for await (const page of this.pages(path, ...init)) yield* page.data as Item<P>[];
  }

  /**
   * Starts an AI import and waits for its end, polling its status with a growing interval.
   * Resolves with the completed job (`tripId`, `tripSlug`, `publicUrl` set); rejects with a
   * TripImportError when it ends in `error` or `canceled`.
   */
  async importTrip(
    request: CreateTripImportRequest,
    options: ImportOptions = {},
  ): Promise<TripImportJob> {
    const { signal } = options;
    signal?.throwIfAborted();
    const ai = options.server === 'ai';
    if (ai && !this.aiBaseUrl) throw new TypeError('importTrip on the AI server needs aiBaseUrl');
    const baseUrl = ai ? this.aiBaseUrl : undefined;
    const accepted = ai
      ? await this.POST('/trip-imports', { body: request, baseUrl, signal })
      : await this.POST('/ai/trips/from-document', { body: request, signal });
    const publicId = accepted.jobId;
    let interval = options.pollIntervalMs ?? 500;
    const maxInterval = options.maxPollIntervalMs ?? 5_000;
    try {
      for (;;) {
        await sleep(interval, signal);
        interval = Math.min(maxInterval, interval * 1.5);
        const params = { path: { publicId } };
        const job = ai
          ? await this.GET('/trip-imports/{publicId}/status', { params, baseUrl, signal })
          : await this.GET('/ai/trips/{publicId}/status', { params, signal });
        if (job.status === 'completed') return job;
        if (job.status !== 'processing') throw new TripImportError(job);
      }
    } catch (error) {
      if (!signal?.aborted) throw error;
      await this.cancelImport(publicId, ai).catch(() => {});
      throw signal.reason;
    }
  }

  private cancelImport(publicId: string, ai: boolean) {
    const params = { path: { publicId } };
    return ai
      ? this.POST('/trip-imports/{publicId}/actions/cancel', { params, baseUrl: this.aiBaseUrl })
      : this.POST('/ai/trips/{publicId}/actions/cancel', { params });
  }
}

export function createTripsClient(options: TripsClientOptions): TripsClient {
  return new TripsClient(options);
}

async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>) {
  const { data, error, response } = await call;
  if (!response.ok) throw errorOf(response.status, error, response.headers);
  return data as T;
}
