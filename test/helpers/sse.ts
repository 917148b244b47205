// A GraphQL over SSE client for tests ("distinct connections" mode, as graphql-sse and
// graphql-yoga speak it): one POST per subscription, answered by a text/event-stream of
// `next` events (each an execution result) and a final `complete`.
export interface SseEvent {
  event: string;
  data: any;
  /** performance.now() when it arrived. */
  at: number;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** The next event, or null once the stream has ended. */
  next(timeoutMs?: number): Promise<SseEvent | null>;
  /** Every event until the stream ends. */
  rest(timeoutMs?: number): Promise<SseEvent[]>;
  close(): void;
}

export async function subscribe(
  url: string,
  body: { query?: string; documentId?: string; variables?: Record<string, unknown> },
  options: { key?: string; headers?: Record<string, string> } = {},
): Promise<SseStream> {
  const abort = new AbortController();
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: {
      accept: 'text/event-stream',
      'content-type': 'application/json',
      ...(options.key ? { authorization: `Bearer ${options.key}` } : {}),
      ...options.headers,
    },
    body: JSON.stringify(body),
    signal: abort.signal,
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const queued: SseEvent[] = [];
  let buffer = '';
  let ended = false;

  async function fill(deadline: number): Promise<void> {
    while (!queued.length && !ended) {
      const left = deadline - performance.now();
      if (left <= 0) throw new Error('no SSE event before the deadline');
      let timer: NodeJS.Timeout | undefined;
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('no SSE event before the deadline')), left);
        }),
      ]).finally(() => clearTimeout(timer));
      if (chunk.done) {
        ended = true;
        break;
      }
      buffer += chunk.value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let event = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
        }
        // A line starting with ':' is a comment (the server's heartbeat).
        if (data.length === 0 && event === 'message') continue;
        const text = data.join('\n');
        queued.push({ event, data: text ? JSON.parse(text) : null, at: performance.now() });
      }
    }
  }

  const stream: SseStream = {
    status: res.status,
    headers: res.headers,
    async next(timeoutMs = 10_000) {
      await fill(performance.now() + timeoutMs);
      const event = queued.shift();
      if (!event) return null;
      if (event.event === 'complete') {
        ended = true;
        return null;
      }
      return event;
    },
    async rest(timeoutMs = 10_000) {
      const events: SseEvent[] = [];
      for (let e = await stream.next(timeoutMs); e; e = await stream.next(timeoutMs))
        events.push(e);
      return events;
    },
    close() {
      abort.abort();
    },
  };
  return stream;
}
