// The committed openapi.json is the API reference a clone reads without running anything: it must
// be exactly the document the code builds, and pass Redocly's recommended rules with no error.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/config/constants.ts';
import { megabytes } from '../../src/errors.ts';
import { DOCUMENT_FILE, printedDocument } from '../../src/openapi/print-document.ts';
import { referenceAsset } from '../../src/openapi/reference-page.ts';

const ROOT = path.dirname(DOCUMENT_FILE);

describe('openapi.json', () => {
  it('is the document the code builds', async () => {
    const committed = await fs.readFile(DOCUMENT_FILE, 'utf8');
    expect(
      committed === printedDocument(),
      'openapi.json is stale: run `npm run openapi:print` and commit the result',
    ).toBe(true);
  });

  it('passes `redocly lint` with the recommended rules (redocly.yaml): no errors', async () => {
    const redocly = path.join(ROOT, 'node_modules', '.bin', 'redocly');
    const run = await promisify(execFile)(redocly, ['lint', 'openapi.json', '--format=stylish'], {
      cwd: ROOT,
      env: {
        ...process.env,
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
        REDOCLY_TELEMETRY: 'off',
        NO_COLOR: '1',
      },
    }).catch((error: { stdout?: string; stderr?: string }) => ({
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
      failed: true,
    }));
    const output = `${run.stdout}${run.stderr}`;
    expect('failed' in run ? output : '', 'redocly lint failed').toBe('');
    expect(output).toMatch(/Your API description is valid/);
    // The points of issue 17 stay fixed: webhook bodies without readOnly fields, every webhook secured.
    expect(output).not.toMatch(/no-invalid-media-type-examples|security-defined/);
  }, 120_000);
});

describe('what the document tells a reader (issue 17)', () => {
  const document = JSON.parse(printedDocument());

  it('names every resource in its description, and the real body limits', () => {
    for (const resource of [
      'Trips',
      'Trip configuration',
      'Catalogs',
      'AI import',
      'Webhooks',
      'API keys',
      'OAuth',
      'Status',
    ]) {
      expect(document.info.description).toContain(`**${resource}**`);
    }
    expect(document.info.description).toContain('405 method_not_allowed');
    expect(document.info.description).toContain('415 unsupported_media_type');
  });

  it('gives the AI import its own 413: the limit it applies, not the 1 MB of other bodies', () => {
    const importTooLarge = document.paths['/ai/trips/from-document'].post.responses['413'].$ref
      .split('/')
      .pop();
    const text = document.components.responses[importTooLarge].description;
    expect(text).toContain(megabytes(LIMITS.importBodyBytes));
    expect(text).not.toContain(`${megabytes(LIMITS.jsonBodyBytes)} `);
    expect(megabytes(LIMITS.importBodyBytes)).toBe('26.7 MB');
  });

  it('says what fires each webhook event instead of repeating its name', () => {
    for (const [type, item] of Object.entries<{ post: { summary: string } }>(document.webhooks)) {
      expect(item.post.summary, type).not.toContain(type);
      expect(item.post.summary.length, type).toBeGreaterThan(20);
    }
  });

  it('documents 415 on every operation with a body', () => {
    for (const item of Object.values<
      Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>
    >(document.paths)) {
      for (const operation of Object.values(item))
        if (operation.requestBody) expect(operation.responses['415']).toBeDefined();
    }
  });

  it('keeps the key in Swagger UI across reloads (persistAuthorization)', async () => {
    const init = Buffer.from((await referenceAsset('init.js')!).body).toString('utf8');
    expect(init).toMatch(/persistAuthorization: true/);
  });
});
