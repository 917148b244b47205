// The totals of narrowed trip lists (filters, search), remembered with the account's
// trip_list_version at which they were counted. Triggers on trips bump that version in every
// statement that writes a live trip (migration 20261125010000), so a total whose version is still
// the account's is exact: no write of any process, nor SQL by hand, can have changed it. The page's
// own statement reads the version, so a repeated filter costs one statement instead of the page
// and a count(*) of every match (the count was most of PostgreSQL's time on such a page, issue 16).
//
// One cache per database client (tests run services on different databases in one process),
// bounded in entries and key length, least recently used first out.

const MAX_ENTRIES = 10_000;
/**
 * Longer keys (a list of a hundred values, a long search) are counted every time: so the cache
 * holds at most MAX_ENTRIES × MAX_KEY_LENGTH characters, whatever filters callers send.
 */
const MAX_KEY_LENGTH = 2_000;

interface Counted {
  version: string;
  count: number;
}

export class TripCountCache {
  private readonly entries = new Map<string, Counted>();
  private readonly max: number;

  constructor(max = MAX_ENTRIES) {
    this.max = max;
  }

  /** The total counted for `key` at `version`, if that is what was counted last. */
  get(key: string, version: string): number | undefined {
    const hit = this.entries.get(key);
    if (hit?.version !== version) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.count;
  }

  set(key: string, version: string, count: number): void {
    if (key.length > MAX_KEY_LENGTH) return;
    this.entries.delete(key);
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { version, count });
  }

  get size(): number {
    return this.entries.size;
  }
}

const caches = new WeakMap<object, TripCountCache>();

/** The cache of the lists read through `client`. */
export function tripCountCache(client: object): TripCountCache {
  let cache = caches.get(client);
  if (!cache) caches.set(client, (cache = new TripCountCache()));
  return cache;
}
