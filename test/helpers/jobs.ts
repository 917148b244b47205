// Runs a background job through the real queue and waits for its final state (no sleeping on guesses).
import { expect } from 'vitest';
import type { TestService } from './service.ts';

export async function runJob(
  api: TestService,
  name: string,
  data: object = {},
  timeoutMs = 20_000,
): Promise<void> {
  const { boss } = api.running.services;
  const id = await boss.send(name, data);
  expect(id, `job ${name} was not queued`).toBeTruthy();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const job = await boss.getJobById(name, id!);
    if (job?.state === 'completed') return;
    if (job?.state === 'failed')
      throw new Error(`job ${name} failed: ${JSON.stringify(job.output)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${name} did not finish within ${timeoutMs} ms`);
}
