// Tracing costs nothing while off: the OpenTelemetry SDK and Prisma's instrumentation are imported
// by src/tracing/otel.ts alone, and that file only through the dynamic import in startTracing.
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../src');
const OTEL_PACKAGES = /from '(@opentelemetry\/(?!api')[^']+|@prisma\/instrumentation)'/;

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.parentPath.includes('generated'))
    .map((e) => path.join(e.parentPath, e.name));
}

describe('tracing off', () => {
  it('loads no OpenTelemetry SDK: only otel.ts imports it, and only dynamically', async () => {
    const importers: string[] = [];
    const staticOtel: string[] = [];
    for (const file of await sourceFiles(SRC)) {
      const text = await fs.readFile(file, 'utf8');
      const name = path.relative(SRC, file);
      if (OTEL_PACKAGES.test(text) || /from '@opentelemetry\/api'/.test(text)) importers.push(name);
      if (
        /^import [^;]*from '\.\/otel\.ts'/m.test(text) ||
        /from '(\.\.\/)+tracing\/otel\.ts'/.test(text)
      )
        staticOtel.push(name);
    }
    expect(importers).toEqual(['tracing/otel.ts']);
    expect(staticOtel).toEqual([]);
    expect(await fs.readFile(path.join(SRC, 'tracing/tracing.ts'), 'utf8')).toContain(
      "await import('./otel.ts')",
    );
  });
});
