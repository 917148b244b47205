// The layer rules of .dependency-cruiser.json hold by `npm run lint`: a file that imports against
// them makes dependency-cruiser fail. Probe files are written into src/ (where the rules apply),
// cruised with the project's configuration, and removed; a probe whose imports are allowed passes,
// so the failures come from the forbidden imports and nothing else.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CONFIG = path.join(ROOT, '.dependency-cruiser.json');
const DEPCRUISE = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
const TAG = `zz-dependency-probe-${process.pid}`;

interface Probe {
  /** Where the file goes, under src/. */
  file: string;
  source: string;
  /** The rule it breaks; undefined: none. */
  breaks?: string;
}

const PROBES: Probe[] = [
  {
    file: `lists/${TAG}-domain.ts`,
    source: "import { tripShape } from '../trips/trip.shape.ts';\nexport const x = tripShape;\n",
    breaks: 'foundations-stay-below',
  },
  {
    file: `http/${TAG}-plumbing.ts`,
    source: "import { errorResponse } from '../rest/errors.ts';\nexport const x = errorResponse;\n",
    breaks: 'foundations-stay-below',
  },
  {
    file: `shared/${TAG}-recorder.ts`,
    source:
      "import { EventRecorder } from '../webhooks/events.ts';\nexport const x = EventRecorder;\n",
    breaks: 'recorder-type-only-below-domains',
  },
  {
    file: `rest/${TAG}-domain.ts`,
    source:
      "import { catalogShape } from '../catalogs/catalog.shape.ts';\nexport const x = catalogShape;\n",
    breaks: 'plumbing-not-to-domains',
  },
  {
    file: `graphql/${TAG}-registry.ts`,
    source: "import { DOMAINS } from '../domains.ts';\nexport const x = DOMAINS;\n",
    breaks: 'nothing-imports-the-composition',
  },
  {
    file: `status/${TAG}-app.ts`,
    source: "import { createApp } from '../app.ts';\nexport const x = createApp;\n",
    breaks: 'nothing-imports-the-composition',
  },
  {
    file: `trips/${TAG}-services.ts`,
    source:
      "import { Services } from '../services.ts';\nexport const x: Services | undefined = undefined;\n",
    breaks: 'services-by-type-only',
  },
  {
    file: `${TAG}-root.ts`,
    source: "import { LIMITS } from './config/constants.ts';\nexport const x = LIMITS;\n",
    breaks: 'in-a-layer',
  },
  {
    file: `${TAG}/folder.ts`,
    source: "import { LIMITS } from '../config/constants.ts';\nexport const x = LIMITS;\n",
    breaks: 'in-a-layer',
  },
  {
    file: `lists/${TAG}-allowed.ts`,
    source: [
      "import { LIMITS } from '../config/constants.ts';",
      "import type { EventRecorder } from '../webhooks/events.ts';",
      'export const x: [typeof LIMITS, EventRecorder?] = [LIMITS];',
      '',
    ].join('\n'),
  },
  {
    file: `trips/${TAG}-allowed.ts`,
    source: [
      "import { builder } from '../graphql/builder.ts';",
      "import { catalogShape } from '../catalogs/catalog.shape.ts';",
      "import type { Services } from '../services.ts';",
      'export const x: [typeof builder, typeof catalogShape, Services?] = [builder, catalogShape];',
      '',
    ].join('\n'),
  },
];

const written: string[] = [];

function write(probe: Probe): string {
  const file = path.join(ROOT, 'src', probe.file);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, probe.source);
  written.push(file);
  return `src/${probe.file}`;
}

afterAll(() => {
  for (const file of written) fs.rmSync(file, { force: true });
  fs.rmSync(path.join(ROOT, 'src', TAG), { recursive: true, force: true });
});

interface Violation {
  rule: string;
  from: string;
}

/**
 * dependency-cruiser as `npm run lint` runs it (the same configuration and reporter), on `files`:
 * its exit code, and the violations its report lists (`error <rule>: <from> → <to>`).
 */
async function cruise(files: string[]): Promise<{ code: number; violations: Violation[] }> {
  const args = [DEPCRUISE, ...files, '--config', CONFIG];
  const run = promisify(execFile)(process.execPath, args, { cwd: ROOT, maxBuffer: 64 << 20 });
  const { stdout, code } = await run.then(
    ({ stdout }) => ({ stdout, code: 0 }),
    (error: { stdout: string; code: number }) => ({ stdout: error.stdout, code: error.code }),
  );
  const violations = [...stdout.matchAll(/^\s*error (\S+): (\S+) → /gm)].map(([, rule, from]) => ({
    rule: rule!,
    from: from!,
  }));
  return { code, violations };
}

describe('the layer rules (.dependency-cruiser.json)', () => {
  it('fail on each forbidden import of a new file, and pass an allowed one', async () => {
    const files = PROBES.map(write);
    const failed = await cruise(files);
    expect(failed.code).not.toBe(0);
    PROBES.forEach((probe, i) => {
      const rules = failed.violations
        .filter((violation) => violation.from === files[i])
        .map((violation) => violation.rule);
      expect({ file: probe.file, rules }).toEqual({
        file: probe.file,
        rules: probe.breaks ? [probe.breaks] : [],
      });
    });

    const allowed = files.filter((_, i) => !PROBES[i]!.breaks);
    expect(await cruise(allowed)).toEqual({ code: 0, violations: [] });
  }, 120_000);

  it('place every file of src/ in a layer', () => {
    const config = JSON.parse(fs.readFileSync(CONFIG, 'utf8')) as {
      forbidden: Array<{ name: string; from: { pathNot?: string } }>;
    };
    const layered = new RegExp(
      config.forbidden.find((r) => r.name === 'in-a-layer')!.from.pathNot!,
    );
    const files = fs
      .readdirSync(path.join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.includes(TAG))
      .map((file) => `src/${file.split(path.sep).join('/')}`);
    expect(files.length).toBeGreaterThan(300);
    expect(files.filter((file) => !layered.test(file))).toEqual([]);
    expect(layered.test(`src/${TAG}.ts`)).toBe(false);
  });
});
