// A request with raw header lines, for what fetch() cannot send (the same header twice).
import http from 'node:http';

export function rawRequest(
  url: string,
  options: { method?: string; headers: string[]; body?: string },
): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    // Given raw header lines, Node adds neither Host nor Content-Length itself.
    const headers = ['host', new URL(url).host, ...options.headers];
    if (options.body !== undefined)
      headers.push('content-length', String(Buffer.byteLength(options.body)));
    const request = http.request(url, { method: options.method ?? 'GET', headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        text += chunk;
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }),
      );
    });
    request.on('error', reject);
    request.end(options.body);
  });
}
