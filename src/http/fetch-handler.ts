// What a listener serves: a fetch handler (app.ts makes one per listener, status/probes.ts puts
// the probes in front of it, service.ts listens with it), and what the Node adapter passes along.
import type { IncomingMessage } from 'node:http';

/** What the Node adapter passes along: the raw request, for duplicate headers and the peer IP. */
export interface ServerContext {
  req?: IncomingMessage;
}

export interface App {
  fetch(request: Request, serverContext?: ServerContext): Promise<Response>;
}
