// Runs the service's own entry points (src/main.ts, src/admin/cli.ts) as child processes.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports.ts';
import { TEST_ENV } from './service.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function runAdmin(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['src/admin/cli.ts', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

export interface ServiceProcess {
  child: ChildProcess;
  output(): string;
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  exited: Promise<number | null>;
}

/** `node <args>` in the repository (by default the service, src/main.ts), with output to wait for. */
export function spawnService(
  env: Record<string, string>,
  args: string[] = ['src/main.ts'],
): ServiceProcess {
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env: { ...process.env, ...env } });
  let output = '';
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const wake of waiters) wake();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => output,
    waitFor(pattern, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for ${pattern}; output:\n${output}`));
        }, timeoutMs);
        const check = () => {
          const match = output.match(pattern);
          if (match) {
            clearTimeout(timer);
            waiters.delete(check);
            resolve(match);
          }
        };
        waiters.add(check);
        check();
      });
    },
  };
}

/**
 * The service (src/main.ts) as a child process on `databaseUrl` and free ports, logging at info
 * and allowed to reach test receivers on 127.0.0.1, once its API listens. A process that does not
 * get there is killed and the error thrown.
 */
export async function spawnReadyService(
  databaseUrl: string,
  env: Record<string, string>,
): Promise<{ service: ServiceProcess; url: string }> {
  const port = await freePort();
  const service = spawnService({
    ...TEST_ENV,
    LOG_LEVEL: 'info',
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    AI_PORT: String(await freePort()),
    OUTBOUND_ALLOW_LOOPBACK: 'true',
    ...env,
  });
  try {
    await service.waitFor(/API listening/, 60_000);
  } catch (error) {
    service.child.kill('SIGKILL');
    throw error;
  }
  return { service, url: `http://127.0.0.1:${port}` };
}

/** Stops (SIGTERM) the processes still running and waits for each to exit. */
export async function stopAll(processes: readonly ServiceProcess[]): Promise<void> {
  for (const p of processes)
    if (p.child.exitCode === null && p.child.signalCode === null) {
      p.child.kill('SIGTERM');
      await p.exited;
    }
}

/**
 * Two API processes and a worker process (SERVICE_ROLES split) on one PostgreSQL, with `env`
 * (and `workerEnv` for the worker only); resolves once all three are ready.
 */
export async function spawnApiPairAndWorker(
  databaseUrl: string,
  env: Record<string, string> = {},
  workerEnv: Record<string, string> = {},
): Promise<{ processes: ServiceProcess[]; urls: [string, string] }> {
  const [a, b] = await Promise.all(
    [0, 1].map(() => spawnReadyService(databaseUrl, { ...env, SERVICE_ROLES: 'api' })),
  );
  const worker = spawnService({
    ...TEST_ENV,
    LOG_LEVEL: 'info',
    DATABASE_URL: databaseUrl,
    OUTBOUND_ALLOW_LOOPBACK: 'true',
    ...env,
    ...workerEnv,
    SERVICE_ROLES: 'worker',
  });
  const processes = [a!.service, b!.service, worker];
  await worker.waitFor(/workers started/, 60_000);
  return { processes, urls: [a!.url, b!.url] };
}
