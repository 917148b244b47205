// Issue 25, slow clients: the listeners' own time-outs and connection cap, set short here
// (HTTP_REQUEST_TIMEOUT_MS 3 s, HTTP_HEADERS_TIMEOUT_MS 2 s, HTTP_IDLE_TIMEOUT_MS 1.5 s,
// HTTP_MAX_CONNECTIONS 30).
// - A client dribbling a body one byte a second is answered 408 and cut within the request
//   time-out (plus the one-second check), long before its body would have ended; 20 of them at
//   once too, while an ordinary request is answered as usual.
// - A client dribbling its headers is cut within the headers time-out.
// - A client that goes silent in the middle of its body is cut after the idle time-out, before
//   the request time-out would have.
// - Past the cap, a new connection is closed as it arrives; once the slow ones are cut, new
//   connections are served again.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anAccount } from '../helpers/fixtures.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

const REQUEST_TIMEOUT_MS = 3_000;
const HEADERS_TIMEOUT_MS = 2_000;
/** Longer than the dribblers' second between bytes, shorter than the request time-out. */
const IDLE_TIMEOUT_MS = 1_500;
const MAX_CONNECTIONS = 30;
/** Node checks the time-outs once a second (service.ts), and a test machine is busy. */
const SLACK_MS = 2_500;
const BODY_BYTES = 60; // a minute at one byte a second

let api: TestService;
let key: string;
let port: number;

beforeAll(async () => {
  api = await startTestService({
    HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
    HTTP_IDLE_TIMEOUT_MS: String(IDLE_TIMEOUT_MS),
    HTTP_MAX_CONNECTIONS: String(MAX_CONNECTIONS),
  });
  key = (await anAccount(api.prisma)).owner.key;
  port = Number(new URL(api.url).port);
});
afterAll(async () => {
  await api?.stop();
});

interface Cut {
  /** What the server sent before closing. */
  answer: string;
  /** From the connection to its close. */
  ms: number;
  /** Bytes of the dribbled part sent before the close. */
  dribbled: number;
}

/** Sends `head` at once, then `dribble` one byte every `everyMs`, until the server closes the connection. */
function slowClient(head: string, dribble: string, everyMs = 1_000): Promise<Cut> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let dribbled = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('error', () => {}); // a write after the server's close: the close tells
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, ms: performance.now() - started, dribbled });
    });
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (dribbled >= dribble.length) {
          clearInterval(timer);
          socket.destroy();
          reject(new Error('the whole request was sent: the server never cut it'));
          return;
        }
        socket.write(dribble[dribbled++]!);
      }, everyMs);
    });
  });
}

const bodyHead = () =>
  [
    'POST /trips HTTP/1.1',
    `Host: 127.0.0.1:${port}`,
    `Authorization: Bearer ${key}`,
    'Content-Type: application/json',
    `Content-Length: ${BODY_BYTES}`,
    '',
    '',
  ].join('\r\n');
const slowBody = () => `{"title":"${'s'.repeat(BODY_BYTES - 12)}"}`;

/** A connection that opens and sends nothing, kept until the server closes it (the headers time-out). */
function silentConnection(): Promise<{ closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => {});
    socket.resume(); // reads, so that the server's close is seen
    const closed = new Promise<void>((done) => socket.on('close', () => done()));
    socket.once('connect', () => resolve({ closed }));
    socket.once('error', reject);
  });
}

async function status(): Promise<number | string> {
  try {
    return (await fetch(`${api.url}/status`, { headers: { connection: 'close' } })).status;
  } catch (error) {
    return (error as { cause?: { code?: string } }).cause?.code ?? 'failed';
  }
}

describe('slow clients', () => {
  it('a body dribbled one byte a second is answered 408 and cut within the request time-out', async () => {
    const cut = await slowClient(bodyHead(), slowBody());
    expect(cut.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(cut.ms).toBeLessThan(REQUEST_TIMEOUT_MS + SLACK_MS);
    expect(cut.dribbled).toBeLessThan(BODY_BYTES);
  });

  it('headers dribbled one byte a second are cut within the headers time-out', async () => {
    const cut = await slowClient(
      'GET /status HTTP/1.1\r\n',
      `Host: 127.0.0.1:${port}\r\nX-Slow: ${'h'.repeat(40)}\r\n\r\n`,
    );
    expect(cut.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(cut.ms).toBeLessThan(HEADERS_TIMEOUT_MS + SLACK_MS);
  });

  it('a body that stops half-way is cut after the idle time-out, before the request time-out', async () => {
    const body = slowBody();
    const cut = await slowClient(`${bodyHead()}${body.slice(0, 20)}`, body.slice(20), 60_000);
    expect(cut.dribbled).toBe(0);
    expect(cut.ms).toBeGreaterThanOrEqual(IDLE_TIMEOUT_MS - 100);
    expect(cut.ms).toBeLessThan(REQUEST_TIMEOUT_MS);
  });

  it('20 slow bodies at once are all cut, and an ordinary request meanwhile is answered', async () => {
    const slow = Array.from({ length: 20 }, () => slowClient(bodyHead(), slowBody()));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await status()).toBe(200);
    const cuts = await Promise.all(slow);
    for (const cut of cuts) {
      expect(cut.answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(cut.ms).toBeLessThan(REQUEST_TIMEOUT_MS + SLACK_MS);
    }
  });

  it('past the connection cap a new connection is closed at once, and served again once the slow ones are cut', async () => {
    const held = await Promise.all(Array.from({ length: MAX_CONNECTIONS }, silentConnection));
    // The server counts a connection once it has accepted it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await status()).not.toBe(200);
    await Promise.all(held.map((connection) => connection.closed)); // the headers time-out
    expect(await status()).toBe(200);
  }, 30_000);
});
