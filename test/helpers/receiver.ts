// A customer's webhook receiver: a real HTTPS server on 127.0.0.1 (certificate of the test
// authority in test/fixtures/tls, trusted through NODE_EXTRA_CA_CERTS). It records every
// request with its raw body and answers as the test tells it to.
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  body: any;
  receivedAt: number;
  /** The sender's port: requests with the same one came on the same connection. */
  remotePort: number | undefined;
  /** When the answer was written (undefined until then, or for ever when told to hang). */
  answeredAt?: number;
  /** When the exchange ended: answered, or the sender gave up (its own timeout). */
  closedAt?: number;
}

type Responder = (request: ReceivedRequest) => {
  status: number;
  body?: string;
  delayMs?: number;
  hang?: boolean;
  /** Holds the answer until this settles (a receiver that holds requests while a backlog builds). */
  until?: Promise<unknown>;
};

const TLS_DIR = new URL('../fixtures/tls/', import.meta.url);

export interface Receiver {
  url: string;
  requests: ReceivedRequest[];
  respond(responder: Responder): void;
  waitFor(
    count: number,
    predicate?: (r: ReceivedRequest) => boolean,
    timeoutMs?: number,
  ): Promise<ReceivedRequest[]>;
  /** Closes the connections that wait for their next request (a receiver's keep-alive time-out). */
  dropIdle(): void;
  close(): Promise<void>;
}

export async function startReceiver(path = '/hooks'): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  let responder: Responder = () => ({ status: 200, body: 'ok' });
  const server = https.createServer(
    {
      key: fs.readFileSync(new URL('receiver.key', TLS_DIR)),
      cert: fs.readFileSync(new URL('receiver.pem', TLS_DIR)),
    },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk) => chunks.push(chunk));
      req.on('end', () => {
        const rawBody = Buffer.concat(chunks).toString('utf8');
        let body: unknown;
        try {
          body = JSON.parse(rawBody);
        } catch {
          body = undefined;
        }
        const received: ReceivedRequest = {
          path: req.url ?? '',
          headers: req.headers,
          rawBody,
          body,
          receivedAt: Date.now(),
          remotePort: req.socket.remotePort,
        };
        requests.push(received);
        res.on('close', () => {
          received.closedAt = Date.now();
        });
        const answer = responder(received);
        if (answer.hang) return; // never answers
        const reply = () =>
          setTimeout(() => {
            received.answeredAt = Date.now();
            res.writeHead(answer.status).end(answer.body ?? '');
          }, answer.delayMs ?? 0);
        if (answer.until) void answer.until.finally(reply);
        else reply();
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}${path}`,
    requests,
    respond: (next) => {
      responder = next;
    },
    async waitFor(count, predicate = () => true, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const matching = requests.filter(predicate);
        if (matching.length >= count) return matching;
        if (Date.now() > deadline)
          throw new Error(
            `receiver: ${matching.length} of ${count} expected requests after ${timeoutMs} ms`,
          );
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    dropIdle: () => server.closeIdleConnections(),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
