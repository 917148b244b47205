// The SSRF-safe client: which addresses it refuses, and that the check is the connection's own
// (a name that resolves to a private address is refused at connect time too: DNS rebinding).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type dns from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkResolvedHost,
  checkUrl,
  receiverConnection,
  sendOutbound,
  UrlRefusedError,
} from '../../src/http/outbound.ts';
import { startReceiver } from '../helpers/receiver.ts';

/** A resolver where every name points at `address`. */
const resolvesTo = (address: string) =>
  ((_host: string, _options: unknown, callback: (e: null, a: dns.LookupAddress[]) => void) =>
    callback(null, [
      { address, family: address.includes(':') ? 6 : 4 },
    ])) as unknown as typeof dns.lookup;

/** A resolver that knows no name (ENOTFOUND). */
const resolvesNothing = ((_host: string, _options: unknown, callback: (e: Error) => void) =>
  callback(
    Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }),
  )) as unknown as typeof dns.lookup;

describe('checkUrl and checkResolvedHost', () => {
  const strict = { allowLoopback: false };
  it('refuses http where https is required, credentials, localhost and private literals', () => {
    expect(() => checkUrl('http://example.com', strict, { httpsOnly: true })).toThrow(
      UrlRefusedError,
    );
    expect(() => checkUrl('ftp://example.com', strict)).toThrow(UrlRefusedError);
    expect(() => checkUrl('https://a:b@example.com', strict)).toThrow(UrlRefusedError);
    expect(() => checkUrl('https://api.localhost/x', strict)).toThrow(UrlRefusedError);
    expect(() => checkUrl('https://[fd00::1]/x', strict)).toThrow(UrlRefusedError);
    expect(checkUrl('https://example.com/in', strict, { httpsOnly: true }).hostname).toBe(
      'example.com',
    );
  });

  it.each([
    'https://[::127.0.0.1]/',
    'https://[::a9fe:a9fe]/',
    'https://[::ffff:127.0.0.1]/',
    'https://[64:ff9b::a9fe:a9fe]/',
    'https://[64:ff9b:1::a9fe:a9fe]/',
    'https://[2002:a9fe:a9fe::1]/',
    'https://[2001:0:808:808::5601:5601]/',
    'https://[fec0::1]/',
    'https://0x7f.1/',
    'https://2130706433/',
    'https://100.64.0.1/',
    'https://[::]/',
    'https://0.0.0.0/',
    'https://localhost./',
  ])('refuses the literal %s', (url) => {
    expect(() => checkUrl(url, strict)).toThrow(UrlRefusedError);
  });

  it('answers one message whether a name does not resolve or resolves to a private address, when checked and when connecting', async () => {
    const messages = new Set<string>();
    for (const lookup of [resolvesNothing, resolvesTo('10.0.0.1')]) {
      const policy = { allowLoopback: false, lookup };
      for (const attempt of [
        checkResolvedHost('internal.example', policy),
        sendOutbound('http://internal.example/', { timeoutMs: 2000, maxBytes: 10 }, policy),
      ]) {
        const error = await attempt.catch((e: unknown) => e);
        expect(error).toBeInstanceOf(UrlRefusedError);
        messages.add((error as Error).message);
      }
    }
    expect([...messages]).toEqual(['The URL must point at a public address.']);
  });

  it('refuses a name that resolves to a private address', async () => {
    await expect(
      checkResolvedHost('rebind.example', {
        allowLoopback: false,
        lookup: resolvesTo('127.0.0.1'),
      }),
    ).rejects.toThrow(UrlRefusedError);
    await expect(
      checkResolvedHost('meta.example', {
        allowLoopback: false,
        lookup: resolvesTo('169.254.169.254'),
      }),
    ).rejects.toThrow(UrlRefusedError);
    await expect(
      checkResolvedHost('mapped.example', {
        allowLoopback: false,
        lookup: resolvesTo('::ffff:a9fe:a9fe'),
      }),
    ).rejects.toThrow(UrlRefusedError);
    await expect(
      checkResolvedHost('compat.example', { allowLoopback: true, lookup: resolvesTo('::7f00:1') }),
    ).rejects.toThrow(UrlRefusedError);
    await expect(
      checkResolvedHost('nat64.example', {
        allowLoopback: false,
        lookup: resolvesTo('64:ff9b::a00:1'),
      }),
    ).rejects.toThrow(UrlRefusedError);
    await expect(
      checkResolvedHost('fine.example', {
        allowLoopback: false,
        lookup: resolvesTo('93.184.216.34'),
      }),
    ).resolves.toBeUndefined();
  });
});

describe('sendOutbound', () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/redirect')
        return res.writeHead(302, { location: 'http://127.0.0.1/elsewhere' }).end();
      if (req.url === '/big') return res.end('x'.repeat(100_000));
      res.end('hello');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('a name resolving to loopback is refused when connecting (DNS rebinding), and reached with the allowance', async () => {
    const rebinding = resolvesTo('127.0.0.1');
    await expect(
      sendOutbound(
        `http://rebind.example:${port}/`,
        { timeoutMs: 2000, maxBytes: 1000 },
        { allowLoopback: false, lookup: rebinding },
      ),
    ).rejects.toThrow(UrlRefusedError);
    const ok = await sendOutbound(
      `http://rebind.example:${port}/`,
      { timeoutMs: 2000, maxBytes: 1000 },
      { allowLoopback: true, lookup: rebinding },
    );
    expect(ok.body.toString()).toBe('hello');
  });

  it('an answer that hides loopback in an IPv6 form is refused when connecting, even with the allowance', async () => {
    for (const address of ['::ffff:127.0.0.1', '::127.0.0.1']) {
      await expect(
        sendOutbound(
          `http://rebind.example:${port}/`,
          { timeoutMs: 2000, maxBytes: 1000 },
          { allowLoopback: true, lookup: resolvesTo(address) },
        ),
      ).rejects.toThrow(UrlRefusedError);
    }
    await expect(
      sendOutbound(
        `http://[::ffff:127.0.0.1]:${port}/`,
        { timeoutMs: 2000, maxBytes: 1000 },
        { allowLoopback: true },
      ),
    ).rejects.toThrow(UrlRefusedError);
  });

  it('does not follow redirects and cuts long answers', async () => {
    const policy = { allowLoopback: true };
    const redirect = await sendOutbound(
      `http://127.0.0.1:${port}/redirect`,
      { timeoutMs: 2000, maxBytes: 1000 },
      policy,
    );
    expect(redirect.status).toBe(302);
    const big = await sendOutbound(
      `http://127.0.0.1:${port}/big`,
      { timeoutMs: 2000, maxBytes: 1000 },
      policy,
    );
    expect(big).toMatchObject({ truncated: true });
    expect(big.body.length).toBe(1000);
  });
});

describe('a kept connection (receiverConnection)', () => {
  it("carries one receiver's requests one after another, is checked as any other, and is opened again once the receiver has closed it", async () => {
    const receiver = await startReceiver();
    const connection = receiverConnection();
    try {
      const send = (policy: { allowLoopback: boolean }) =>
        sendOutbound(
          receiver.url,
          { method: 'POST', body: '{}', timeoutMs: 2000, maxBytes: 100, connection },
          policy,
        );
      for (let i = 0; i < 5; i++) expect((await send({ allowLoopback: true })).status).toBe(200);
      expect(new Set(receiver.requests.map((r) => r.remotePort)).size).toBe(1);

      // The receiver closes it while idle: the next request opens another, and arrives.
      receiver.dropIdle();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await send({ allowLoopback: true })).status).toBe(200);
      expect(receiver.requests).toHaveLength(6);
      expect(new Set(receiver.requests.map((r) => r.remotePort)).size).toBe(2);

      // A new connection is checked as any other: without the allowance, loopback is refused.
      receiver.dropIdle();
      await new Promise((resolve) => setTimeout(resolve, 100));
      await expect(send({ allowLoopback: false })).rejects.toThrow(UrlRefusedError);
    } finally {
      connection.destroy();
      await receiver.close();
    }
  });
});
