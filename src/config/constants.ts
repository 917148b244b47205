// Tunables that come from the product's rules (docs/decisions.md) and our own choices, in one
// place. Each names where it comes from; nothing else in the code repeats these numbers.
export const LIMITS = {
  /** docs/decisions.md#lists: page starts at 1, default 20, maximum 100. */
  pageSizeDefault: 20,
  pageSizeMax: 100,
  /** docs/decisions.md#trips: at most 100 ids in one bulk deletion. */
  bulkDeleteMax: 100,
  /** Our choice: trips in one catalog. */
  catalogTripsMax: 1000,
  /** docs/decisions.md#errors-and-limits: JSON bodies 1 MB, trip configuration 5 MB. */
  jsonBodyBytes: 1024 * 1024,
  configBodyBytes: 5 * 1024 * 1024,
  /**
   * Ours: levels of blocks in a trip configuration (a real trip nests 3 or 4: itinerary, day,
   * group, box), and of objects and arrays anywhere in its document or a merge patch (32 levels
   * of blocks take 65 of them). Past them, 400: deeper, validation would overflow the stack.
   */
  configBlockDepthMax: 32,
  configJsonDepthMax: 128,
  /**
   * Ours: levels of objects and arrays in an import's `text` given as JSON (a booking export
   * nests 5 or 6). Past them, 400: reading it as text would overflow the stack.
   */
  importTextJsonDepthMax: 64,
  /** docs/decisions.md#ai-import: documents up to 20 MB (base64 inline adds a third). */
  importDocumentBytes: 20 * 1024 * 1024,
  importBodyBytes: Math.ceil((20 * 1024 * 1024 * 4) / 3) + 64 * 1024,
  /** Ours: a `POST /graphql` body without credentials (a public page's query is a few KB). */
  anonymousGraphqlBodyBytes: 64 * 1024,
  /** Ours: conditions in one list's `filters`, and values in one `in` condition (400 beyond). */
  listFiltersMax: 20,
  listInValuesMax: 100,
  /** Ours: characters of a list's `search.term`. */
  listSearchTermMax: 200,
  /**
   * Ours: views one client IP can have counted on one trip within the counting window (an hour),
   * new viewers and returning ones alike. A family or an office behind one address counts; a
   * script inventing a viewerId per call does not inflate the counter past it.
   */
  tripViewsPerIpMax: 20,
  /** Ours: the largest offset a list page or a connection cursor may reach (PostgreSQL int4). */
  listOffsetMax: 2_147_483_647,
} as const;

/** PostgreSQL's int4, which is GraphQL's Int too: ids, number columns, offsets. */
export const INT4 = { min: -2_147_483_648, max: 2_147_483_647 } as const;

/**
 * Ours (issue 15): what one GraphQL operation may ask for, checked before it runs (src/graphql/
 * armor.ts). The cost budgets and the time budget are set by environment variables (config.ts);
 * these are the shapes of a document, the same for every caller.
 */
export const GRAPHQL_LIMITS = {
  /** Lexical tokens of a document, counted while parsing: the parser stops at the first one over. */
  maxTokens: 2_000,
  maxAliases: 15,
  maxDepth: 8,
  maxDirectives: 10,
  /** Cost of a field; a list's `pageSize`/`first`/`last` multiplies what it selects (default 20). */
  fieldCost: 1,
  /** The trip configuration's document (up to 5 MB of JSON) costs this much to load and send. */
  documentCost: 20,
  /** Multiplier of a list that takes no size argument (a booking's travelers, an import's log). */
  unsizedListMultiplier: 10,
  /**
   * Ours: documents clients sent that run without Yoga once validated (validated-documents.ts),
   * least recently used out first. Yoga's own parse and validation caches keep 1,024 each.
   */
  validatedDocumentsKept: 1_000,
} as const;

export const DURATIONS = {
  /** docs/decisions.md#events-and-webhooks: debounce of trip.configUpdated and catalog.updated. */
  webhookDebounceSeconds: 60,
  /** docs/decisions.md#events-and-webhooks: a receiver must answer within 30 seconds. */
  webhookTimeoutMs: 30_000,
  /** docs/decisions.md#events-and-webhooks: both secrets sign for 24 hours after a rotation. */
  secretRotationOverlapMs: 24 * 60 * 60 * 1000,
  /** docs/decisions.md#trips: deleted trips stay restorable for 90 days. */
  trashRetentionDays: 90,
  /** docs/decisions.md#events-and-webhooks: deliveries are kept 30 days. */
  deliveryRetentionDays: 30,
  /** docs/decisions.md#trips: one counted view per viewer per hour. */
  viewCountWindowMs: 60 * 60 * 1000,
  /**
   * Ours: how long a process trusts its cached API key lookups and machine grants when no change
   * notification arrives (AUTH_CACHE_SECONDS; notifications normally clear them at once).
   */
  apiKeyCacheMs: 5_000,
  /**
   * Ours: a job whose worker died (kill -9, a lost machine) is retried once its heartbeat is this
   * old, instead of after pg-boss's 15-minute expiration. Workers refresh it every half of this.
   */
  jobHeartbeatSeconds: 30,
  /** Ours: how often the worker role's pg-boss looks for such jobs (pg-boss's default: 60). */
  jobSuperviseSeconds: 15,
  /**
   * Issue 28: how long the answer to a request sent with an Idempotency-Key is kept for its
   * retries (Stripe's 24 hours); the daily purge then erases it.
   */
  idempotencyKeyTtlMs: 24 * 60 * 60 * 1000,
  /** Ours: the Retry-After of a 409 idempotency_key_in_use (the first request still runs). */
  idempotencyRetryAfterSeconds: 1,
} as const;

/**
 * Ours (issue 25): webhook deliveries under way at once. A receiver that hangs holds its own
 * endpoint's slots (and at most its account's), never the others': docs/webhooks.md#one-slow-receiver-delays-only-itself.
 */
export const WEBHOOK_DELIVERY = {
  /** Per endpoint, across every worker process (WEBHOOK_ENDPOINT_CONCURRENCY). */
  endpointConcurrency: 4,
  /** Per account, all its endpoints together (WEBHOOK_ACCOUNT_CONCURRENCY). */
  accountConcurrency: 16,
  /** Per worker process (WEBHOOK_DELIVERY_CONCURRENCY): a waiting request costs a socket, not a thread. */
  processConcurrency: 128,
  /**
   * Deliveries of one endpoint a delivery lane claims at once and sends one after another
   * (jobs/fair-worker.ts): one claim per ten deliveries of a backlog instead of one each.
   */
  laneBatch: 10,
} as const;

/** AI trip import (docs/decisions.md#ai-import; the rest are our choices, noted as such). */
export const IMPORTS = {
  /**
   * aiCredits is one per started page or image (docs/decisions.md#ai-import); a text "page" is this
   * many characters (ours).
   */
  textCharsPerCredit: 3000,
  /** Ours: fetching a document URL (the SSRF-safe client's own limits apply too). */
  fetchTimeoutMs: 30_000,
  /** Ours: pages of a PDF read (and billed); the rest of a longer document is ignored. */
  maxPages: 30,
  /** Ours: text handed to a generator. */
  maxTextChars: 100_000,
  /**
   * Ours: a Word document's XML parts (its text and markup; images are not unpacked) at most this
   * large once inflated, checked before the conversion. mammoth and the HTML reader take about
   * 2.5 s and 200 MB of heap a MB of it on a shared 2-core machine; a long formatted itinerary
   * holds well under 1 MB. Larger, or a zip bomb: refused.
   */
  docxXmlBytes: 2 * 1024 * 1024,
  /** Ours: a Word document is read in a worker thread, stopped after this long... */
  docxTimeoutMs: 30_000,
  /** ...or when its heap reaches this. */
  docxHeapMb: 256,
  /** Ours: how often a long stage checks whether its job was cancelled. */
  cancelPollMs: 500,
} as const;

/** docs/decisions.md#versioning: the API version, reported by GET /status. */
export const API_VERSION = '1.0.0';
