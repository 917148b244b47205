// The repository's documentation holds together: every relative link of README.md, docs/*.md and
// the other guides (sdk/README.md, the READMEs under src/ and test/fixtures/) reaches an existing
// file (and, with a #fragment, an existing heading of it); every document a code comment cites
// (docs/<guide>.md, a Markdown file of the repository followed by #section) exists with that
// section; and no comment cites the README by a section it no longer has (the guides moved to
// docs/). Headings are turned into fragments as GitHub does.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CODE_DIRS = ['src', 'test', 'bench', 'sdk/src', 'prisma', 'documents'];
/** Files outside those folders whose comments cite the documentation. */
const CODE_FILES = ['.ci/run', '.dependency-cruiser.json'];
const CODE_EXTENSIONS = ['.ts', '.sql', '.prisma', '.graphql'];

/** GitHub's fragment of a heading: lower case, punctuation dropped, spaces as hyphens. */
function slugOf(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Markdown outside its fenced code blocks. */
function prose(markdown: string): string[] {
  let fenced = false;
  return markdown.split('\n').filter((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return false;
    }
    return !fenced;
  });
}

const anchorCache = new Map<string, Set<string>>();

/** The fragments a Markdown file's headings (and explicit HTML anchors) answer to. */
function anchorsOf(file: string): Set<string> {
  let anchors = anchorCache.get(file);
  if (anchors) return anchors;
  anchors = new Set();
  const seen = new Map<string, number>();
  for (const line of prose(fs.readFileSync(file, 'utf8'))) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading !== undefined) {
      const slug = slugOf(heading);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count ? `${slug}-${count}` : slug);
    }
    for (const [, id] of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id!);
  }
  anchorCache.set(file, anchors);
  return anchors;
}

/** What is wrong with `target` (a file path, maybe with a #fragment), read from `base`; undefined: nothing. */
function problemOf(base: string, target: string): string | undefined {
  const [pathPart, fragment] = target.split('#') as [string, string | undefined];
  const file = pathPart === '' ? base : path.resolve(path.dirname(base), decodeURI(pathPart));
  if (!fs.existsSync(file)) return 'no such file';
  if (fragment === undefined || !file.endsWith('.md')) return undefined;
  return anchorsOf(file).has(fragment) ? undefined : `no heading #${fragment}`;
}

/** The Markdown files of the repository a reader follows links in (bench/results/ are records, not guides). */
function markdownUnder(dir: string): string[] {
  const absolute = path.join(ROOT, dir);
  return fs
    .readdirSync(absolute, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join(absolute, name));
}

const markdownFiles = [
  path.join(ROOT, 'README.md'),
  path.join(ROOT, 'sdk/README.md'),
  ...markdownUnder('docs'),
  ...markdownUnder('src').filter((file) => !file.includes(`${path.sep}generated${path.sep}`)),
  ...fs
    .readdirSync(path.join(ROOT, 'test/fixtures/imports'))
    .map((name) => path.join(ROOT, 'test/fixtures/imports', name, 'README.md'))
    .filter((file) => fs.existsSync(file)),
];

function codeFiles(dir: string): string[] {
  const absolute = path.join(ROOT, dir);
  if (!fs.existsSync(absolute)) return [];
  return fs
    .readdirSync(absolute, { recursive: true, encoding: 'utf8' })
    .filter(
      (name) =>
        CODE_EXTENSIONS.some((extension) => name.endsWith(extension)) &&
        !name.split(path.sep).includes('generated') &&
        !name.split(path.sep).includes('fixtures'),
    )
    .map((name) => path.join(absolute, name));
}

const sourceFiles = [
  ...CODE_DIRS.flatMap(codeFiles),
  ...CODE_FILES.map((file) => path.join(ROOT, file)),
].filter((file) => file !== path.join(ROOT, 'test/unit/doc-links.test.ts'));

/** A citation of the README by a section (`README "Dates"`, `README, "…"`, `README.md#dates`): those sections are in docs/ now. */
const README_SECTION =
  /(?<![\w./-]|corpus )README(?:\.md)?(?:#[\w-]+|,? "[^"]+"|, section \w+|, (?:production|Reliability)\b)/g;

describe('the documentation links', () => {
  it('turns headings into fragments as GitHub does', () => {
    expect(slugOf('Errors and limits')).toBe('errors-and-limits');
    expect(slugOf('Accounts, roles and keys')).toBe('accounts-roles-and-keys');
    expect(slugOf('A local model (llama.cpp, Ollama, vLLM)')).toBe(
      'a-local-model-llamacpp-ollama-vllm',
    );
    expect(slugOf('`npm run lint` and [CI](x.md)')).toBe('npm-run-lint-and-ci');
  });

  it.each(markdownFiles.map((file) => [path.relative(ROOT, file), file]))(
    'every relative link of %s reaches an existing file and heading',
    (_name, file) => {
      const broken: string[] = [];
      let links = 0;
      for (const line of prose(fs.readFileSync(file, 'utf8')))
        for (const [, target] of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
          if (/^[a-z][a-z0-9+.-]*:/i.test(target!)) continue; // https:, mailto:
          links++;
          const problem = problemOf(file, target!);
          if (problem) broken.push(`${target}: ${problem}`);
        }
      expect(broken).toEqual([]);
      if (path.relative(ROOT, file).startsWith(`docs${path.sep}`)) expect(links).toBeGreaterThan(0);
    },
  );

  it('every document and section a code comment cites exists', () => {
    const broken: string[] = [];
    const cited = new Set<string>();
    for (const file of sourceFiles) {
      const text = fs.readFileSync(file, 'utf8');
      for (const [target] of text.matchAll(/(?<![\w./-])(?:[\w.-]+\/)*[\w.-]+\.md#[\w-]+/g)) {
        cited.add(target);
        const problem = problemOf(path.join(ROOT, 'index'), target);
        if (problem) broken.push(`${path.relative(ROOT, file)}: ${target}: ${problem}`);
      }
      for (const [target] of text.matchAll(/(?<![\w./-])docs\/[\w.-]+\.md(?!#)/g)) {
        cited.add(target);
        const problem = problemOf(path.join(ROOT, 'index'), target);
        if (problem) broken.push(`${path.relative(ROOT, file)}: ${target}: ${problem}`);
      }
    }
    expect(broken).toEqual([]);
    // The comments do cite the guides and the decisions (this test would pass vacuously otherwise).
    const guides = new Set([...cited].map((target) => target.split('#')[0]!));
    expect(guides).toContain('docs/decisions.md');
    for (const guide of ['docs/webhooks.md', 'docs/errors-and-limits.md', 'docs/pages.md'])
      expect(guides).toContain(guide);
  });

  it('no code comment cites a README section the guides in docs/ now hold', () => {
    const stale: string[] = [];
    // An applied migration is never edited (its checksum is recorded), so its comments keep the
    // words they were written with; every other file cites docs/.
    const migrations = path.join(ROOT, 'prisma', 'migrations');
    for (const file of sourceFiles.filter((file) => !file.startsWith(migrations)))
      for (const [citation] of fs.readFileSync(file, 'utf8').matchAll(README_SECTION))
        stale.push(`${path.relative(ROOT, file)}: ${citation}`);
    expect(stale).toEqual([]);
    const samples = ['(README "Dates")', 'see README.md#webhooks', '(README, "Trusted documents")'];
    for (const sample of samples) expect(sample.match(README_SECTION), sample).not.toBeNull();
    expect('(the corpus README "placement")'.match(README_SECTION)).toBeNull();
    expect('test/fixtures/imports/corpus/README.md#scoring'.match(README_SECTION)).toBeNull();
  });

  it('reports a missing file, a missing heading and a cited section that does not exist', () => {
    const readme = path.join(ROOT, 'README.md');
    expect(problemOf(readme, 'docs/no-such-guide.md')).toBe('no such file');
    expect(problemOf(readme, 'docs/decisions.md#no-such-section')).toBe(
      'no heading #no-such-section',
    );
    expect(problemOf(readme, 'docs/decisions.md#trips')).toBeUndefined();
    expect(problemOf(readme, '#documentation')).toBeUndefined();
    expect(problemOf(readme, 'docs/errors-and-limits.md#idempotency-keys')).toBeUndefined();
    expect(problemOf(readme, 'docs/errors-and-limits.md#no-such-section')).toBe(
      'no heading #no-such-section',
    );
  });
});
