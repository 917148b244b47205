// The response check every integration test relies on: it must fail on what the document does
// not say, and only on that.
import { describe, expect, it } from 'vitest';
import { DOMAINS } from '../../src/domains.ts';
import { buildOpenApiDocument } from '../../src/openapi/document.ts';
import { exampleTrip } from '../../src/trips/trip.shape.ts';
import { createOpenApiCheck, type ObservedResponse } from '../helpers/openapi-check.ts';

const check = createOpenApiCheck(buildOpenApiDocument(DOMAINS, { apiUrl: 'http://api.test' }));
const COUNTED = {
  'ratelimit-limit': '600',
  'ratelimit-remaining': '599',
  'ratelimit-reset': '60',
  'x-request-id': 'r1',
};

function observed(
  route: string,
  status: number,
  body: unknown,
  headers: Record<string, string> = COUNTED,
): ObservedResponse {
  const [method, path] = route.split(' ') as [string, string];
  return {
    method,
    url: `http://api.test${path}`,
    status,
    headers: new Headers({ 'content-type': 'application/json; charset=utf-8', ...headers }),
    text: typeof body === 'string' ? body : JSON.stringify(body),
  };
}

describe('the OpenAPI response check', () => {
  it('passes a documented answer', () => {
    expect(() => check(observed('GET /trips/7', 200, exampleTrip()))).not.toThrow();
    expect(() =>
      check(observed('POST /trips/bulk-delete', 200, { message: 'x', deletedCount: 1 })),
    ).not.toThrow();
    expect(() =>
      check(
        observed('GET /trips/abc', 400, { errors: { tripId: ['bad'] } }, { 'x-request-id': 'r1' }),
      ),
    ).not.toThrow();
  });

  it('fails on an undocumented status, a wrong or extra field, a missing header, a wrong content type', () => {
    expect(() => check(observed('GET /trips/7', 418, {}))).toThrow(/status 418 is not documented/);
    expect(() => check(observed('GET /trips/7', 200, { ...exampleTrip(), title: 5 }))).toThrow(
      /\/title must be string/,
    );
    expect(() => check(observed('GET /trips/7', 200, { ...exampleTrip(), secret: 1 }))).toThrow(
      /must NOT have additional properties: secret/,
    );
    const { 'ratelimit-limit': _limit, ...withoutLimit } = COUNTED;
    expect(() => check(observed('GET /trips/7', 200, exampleTrip(), withoutLimit))).toThrow(
      /required header RateLimit-Limit is missing/,
    );
    const html = {
      ...observed('GET /trips/7', 200, exampleTrip()),
      headers: new Headers({ ...COUNTED, 'content-type': 'text/html' }),
    };
    expect(() => check(html)).toThrow(/content type "text\/html" is not documented/);
    expect(() =>
      check(observed('GET /trips/7', 404, { error: { code: 'gone', message: 'x' } })),
    ).toThrow(/code must be equal to one of the allowed values/);
  });

  it('leaves undocumented paths and methods alone', () => {
    expect(() =>
      check(observed('GET /no/such/path', 404, { error: { code: 'not_found', message: 'x' } })),
    ).not.toThrow();
    expect(() => check(observed('POST /graphql', 200, { data: {} }))).not.toThrow();
    expect(() => check(observed('PUT /trips', 404, 'anything'))).not.toThrow();
  });
});
