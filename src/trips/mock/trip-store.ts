// The mock server's state: trips and their configurations in memory, with the service's rules
// (generated slug, code and join code; the trash reads as 404; whole-document validation and
// If-Match on the configuration). Inputs arrive already parsed by the service's zod schemas.
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { PreconditionFailedError, NotFoundError, ValidationError } from '../../errors.ts';
import { CODE_ALPHABET, randomString, slugFor } from '../../shared/identifiers.ts';
import { assertDocumentDepth } from '../configuration.depth.ts';
import { configurationInput, mergePatch } from '../configuration.input.ts';
import { defaultConfiguration } from '../configuration.defaults.ts';
import { datesInOrder, type CreateTripInput, type UpdateTripInput } from '../trip.input.ts';
import { parseOrThrow } from '../../validation.ts';
import type { z } from 'zod';
import type { tripPageShape, TripShape } from '../trip.shape.ts';
import { compareBy, matches } from './list-filter.ts';

/** A trip as the service answers it: its shape. */
export type MockTrip = TripShape;

interface Entry {
  trip: MockTrip;
  deleted: boolean;
  configuration: { document: Record<string, unknown>; revision: number; updatedAt: string };
}

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);
const notFound = () => new NotFoundError('Trip not found.');

export class TripStore {
  private readonly entries = new Map<number, Entry>();
  private lastId = 0;
  private readonly owner: { agentId: number; accountId: number; agentPictureUrl: string | null };

  /** Starts from the given trips (the OpenAPI examples); new trips belong to the first one's agent and account. */
  constructor(
    seed: Array<{ trip: MockTrip; configuration: Record<string, unknown> }>,
    agentPictureUrl: string | null = null,
  ) {
    for (const { trip, configuration } of seed) {
      const { updatedAt, ...document } = configuration;
      this.entries.set(trip.id, {
        trip,
        deleted: false,
        configuration: { document, revision: 1, updatedAt: String(updatedAt ?? trip.updatedAt) },
      });
      this.lastId = Math.max(this.lastId, trip.id);
    }
    this.owner = {
      agentId: seed[0]?.trip.agentId ?? 1,
      accountId: seed[0]?.trip.accountId ?? 1,
      agentPictureUrl,
    };
  }

  /** `query` as lists/list-query.ts builds it for Prisma. */
  list(query: {
    page: number;
    pageSize: number;
    where: object;
    orderBy: readonly object[];
  }): z.output<typeof tripPageShape> {
    const rows = [...this.entries.values()]
      .filter((e) => !e.deleted)
      .map((e) => e.trip)
      .filter((trip) => matches(trip, query.where))
      .sort(compareBy(query.orderBy));
    const start = (query.page - 1) * query.pageSize;
    return {
      data: rows
        .slice(start, start + query.pageSize)
        .map((trip) => ({ ...trip, agentPictureUrl: this.owner.agentPictureUrl })),
      page: query.page,
      pageSize: query.pageSize,
      totalCount: rows.length,
      totalPages: Math.ceil(rows.length / query.pageSize),
    };
  }

  create(input: CreateTripInput): MockTrip {
    const id = ++this.lastId;
    const now = new Date().toISOString();
    const trip: MockTrip = {
      id,
      title: input.title,
      slug: slugFor(input.title, 'trip'),
      joinCode: randomString(CODE_ALPHABET, 8),
      seoDescription: input.seoDescription ?? null,
      duration: input.duration ?? null,
      dateStart: iso(input.dateStart),
      dateFinish: iso(input.dateFinish),
      dateExpiration: iso(input.dateExpiration),
      code: `TRIP-${id}`,
      logo: input.logo ?? null,
      countries: input.countries ?? [],
      imageUrl: input.imageUrl ?? null,
      agentId: this.owner.agentId,
      template: input.template ?? false,
      visibility: input.visibility ?? 'public',
      accountId: this.owner.accountId,
      createdAt: now,
      updatedAt: now,
      visualizations: 0,
    };
    this.entries.set(id, {
      trip,
      deleted: false,
      configuration: { document: defaultConfiguration(), revision: 1, updatedAt: now },
    });
    return trip;
  }

  get(id: number): MockTrip {
    return this.entry(id).trip;
  }

  update(id: number, input: UpdateTripInput): MockTrip {
    const entry = this.entry(id);
    const dates = { dateStart: entry.trip.dateStart, dateFinish: entry.trip.dateFinish };
    const merged = {
      ...Object.fromEntries(Object.entries(dates).map(([k, v]) => [k, v && new Date(v)])),
      ...input,
    };
    if (!datesInOrder(merged))
      throw ValidationError.field('dateFinish', 'dateFinish must not be before dateStart.');
    const changes = Object.fromEntries(
      Object.entries(input).map(([key, value]) => [
        key,
        value instanceof Date ? value.toISOString() : value,
      ]),
    );
    entry.trip = { ...entry.trip, ...changes, updatedAt: new Date().toISOString() };
    return entry.trip;
  }

  delete(id: number): void {
    this.entry(id).deleted = true;
  }

  /** Ids that are missing or already deleted are skipped, as in the service. */
  deleteMany(ids: readonly number[]): number {
    let count = 0;
    for (const id of new Set(ids)) {
      const entry = this.entries.get(id);
      if (entry && !entry.deleted) {
        entry.deleted = true;
        count++;
      }
    }
    return count;
  }

  configuration(tripId: number) {
    const { configuration } = this.entry(tripId);
    return {
      document: { ...configuration.document, updatedAt: configuration.updatedAt },
      etag: `"${tripId}-${configuration.revision}"`,
    };
  }

  /** PUT (`document`) or PATCH (`patch`), refused with 412 when If-Match names another revision. */
  saveConfiguration(
    tripId: number,
    change: { document: unknown } | { patch: unknown },
    ifMatch: string | null,
  ) {
    const entry = this.entry(tripId);
    const { etag } = this.configuration(tripId);
    if (
      ifMatch &&
      ifMatch !== '*' &&
      !ifMatch
        .split(',')
        .map((t) => t.trim().replace(/^W\//, ''))
        .includes(etag)
    )
      throw new PreconditionFailedError();
    assertDocumentDepth('document' in change ? change.document : change.patch);
    const candidate =
      'document' in change
        ? change.document
        : mergePatch(entry.configuration.document, change.patch);
    assertDocumentDepth(candidate);
    const { updatedAt: _ignored, ...document } = parseOrThrow(configurationInput, candidate);
    const fields = document.moreInfo.fields.map((field) => ({
      ...field,
      id: field.id ?? randomUUID(),
    }));
    const saved = { ...document, moreInfo: { ...document.moreInfo, fields } };
    // As the service: a save that changes nothing keeps the revision (key order aside).
    if (isDeepStrictEqual(saved, entry.configuration.document)) return this.configuration(tripId);
    entry.configuration = {
      document: saved,
      revision: entry.configuration.revision + 1,
      updatedAt: new Date().toISOString(),
    };
    return this.configuration(tripId);
  }

  private entry(id: number): Entry {
    const entry = this.entries.get(id);
    if (!entry || entry.deleted) throw notFound();
    return entry;
  }
}
