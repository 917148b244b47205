// The service as a newcomer runs it: `node src/main.ts` with no DATABASE_URL starts its own
// PostgreSQL in DATA_DIR, seeds a demo account once, prints the key and a working command, and
// shuts down cleanly on SIGTERM, finishing the request in flight. A restart keeps the data.
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/ports.ts';
import { spawnService, type ServiceProcess } from '../helpers/processes.ts';

let dataDir: string;
let env: Record<string, string>;
let running: ServiceProcess | undefined;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'trips-process-'));
  env = {
    DATABASE_URL: '', // unset: the embedded PostgreSQL
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await freePort()),
    PORT: String(await freePort()),
    AI_PORT: String(await freePort()),
    METRICS_PORT: String(await freePort()),
    LOG_LEVEL: 'info',
    NODE_ENV: 'development',
  };
});
afterAll(async () => {
  running?.child.kill('SIGKILL');
  await running?.exited;
  await fs.rm(dataDir, { recursive: true, force: true });
});

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

describe('node src/main.ts', () => {
  let apiKey: string;

  it('first start: embedded PostgreSQL, a demo enterprise account, its key printed once with a working curl line', async () => {
    running = spawnService(env);
    const [, key] = await running.waitFor(/API key, shown this once: (ak_[A-Za-z0-9]+)/, 60_000);
    apiKey = key!;
    await running.waitFor(/API listening/);
    const curl = running
      .output()
      .match(
        /curl -s (\S+) -H 'Authorization: Bearer (ak_\w+)' -H 'Content-Type: application\/json' -d '(.+)'/,
      );
    expect(curl).not.toBeNull();
    const [, url, curlKey, body] = curl!;
    expect(url).toBe(`http://localhost:${env.PORT}/graphql`);
    const res = await fetch(url!, {
      method: 'POST',
      headers: { authorization: `Bearer ${curlKey}`, 'content-type': 'application/json' },
      body,
    });
    expect(await res.json()).toEqual({
      data: {
        viewer: {
          agent: { email: 'owner@demo.example' },
          account: { name: 'Demo Travel', plan: 'enterprise' },
          role: 'owner',
        },
      },
    });
    expect((await fetch(`http://localhost:${env.PORT}/status`)).status).toBe(200);
    expect((await fetch(`http://localhost:${env.AI_PORT}/status`)).status).toBe(200);
  });

  it('SIGTERM: stops accepting, finishes the request in flight, stops PostgreSQL, exits 0', async () => {
    const body = JSON.stringify({ name: 'in flight' });
    const inFlight = new Promise<number>((resolve, reject) => {
      const request = http.request(
        `http://127.0.0.1:${env.PORT}/api-keys`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${apiKey}`,
            'content-type': 'application/json',
            'content-length': String(body.length),
          },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      request.write(body.slice(0, 5)); // the request has started...
      setTimeout(() => {
        running!.child.kill('SIGTERM'); // ...when the signal comes...
        setTimeout(() => request.end(body.slice(5)), 300); // ...and it ends after.
      }, 300);
    });
    expect(await inFlight).toBe(201);
    expect(await running!.exited).toBe(0);
    expect(running!.output()).toMatch(/"msg":"stopped"/);
    expect(await portOpen(Number(env.EMBEDDED_PG_PORT))).toBe(false);
    expect(await portOpen(Number(env.PORT))).toBe(false);
  });

  it('a restart keeps the data and does not seed again', async () => {
    running = spawnService(env);
    await running.waitFor(/API listening/, 60_000);
    expect(running.output()).not.toMatch(/shown this once/);
    const res = await fetch(`http://localhost:${env.PORT}/api-keys`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(res.status).toBe(200);
    expect(
      ((await res.json()) as { data: Array<{ name: string }> }).data.map((k) => k.name),
    ).toEqual(['Demo key', 'in flight']);
    running.child.kill('SIGINT');
    expect(await running.exited).toBe(0);
  });
});
