// The request line is built by hand for speed (src/http/request-log.ts): it must stay the very
// line pino writes for the same fields, with the same logger configuration, and obey its level.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createRequestLog } from '../../src/http/request-log.ts';

function loggerTo(lines: string[], level = 'info') {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return pino(
    {
      level,
      base: { service: 'trips-service' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: ['*.secret'], censor: '[redacted]' },
    },
    sink,
  );
}

describe('the request log line', () => {
  it.each([
    {
      requestId: '6f1c2a9e-1b2c-4d5e-8f90-123456789abc',
      method: 'GET',
      path: '/trips/42',
      status: 200,
      ms: 3,
    },
    {
      requestId: 'client.id:with-"quotes"\\',
      method: 'PUT',
      path: '/trips/7/config',
      status: 412,
      ms: 1234,
    },
    { requestId: 'x', method: 'DELETE', path: '/%C3%A9t%C3%A9', status: 500, ms: 0 },
  ])('is the line pino writes for $method $path', (line) => {
    const lines: string[] = [];
    const logger = loggerTo(lines);
    logger.child({}, { redact: [] }).info({ ...line }, 'request');
    createRequestLog(logger)(line);
    expect(lines).toHaveLength(2);
    const [fromPino, byHand] = lines.map((l) => l.replace(/"time":"[^"]+"/, '"time":"T"'));
    expect(byHand).toBe(fromPino);
    expect(JSON.parse(lines[1]!).time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('is not written below the logger level', () => {
    const lines: string[] = [];
    createRequestLog(loggerTo(lines, 'warn'))({
      requestId: 'x',
      method: 'GET',
      path: '/',
      status: 200,
      ms: 1,
    });
    expect(lines).toEqual([]);
  });
});
