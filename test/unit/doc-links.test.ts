// The repository's documentation holds together: every relative link of README.md and docs/*.md
// reaches an existing file (and, with a #fragment, an existing heading of it), and every section a
// code comment cites (a Markdown file of the repository followed by #section) exists. Headings are
// turned into fragments as GitHub does.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CODE_DIRS = ['src', 'test', 'bench', 'sdk/src'];

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

const markdownFiles = [
  path.join(ROOT, 'README.md'),
  ...fs
    .readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join(ROOT, 'docs', name)),
];

function codeFiles(dir: string): string[] {
  const absolute = path.join(ROOT, dir);
  if (!fs.existsSync(absolute)) return [];
  return fs
    .readdirSync(absolute, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.split(path.sep).includes('generated'))
    .map((name) => path.join(absolute, name));
}

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
      if (file.includes(`${path.sep}docs${path.sep}`)) expect(links).toBeGreaterThan(0);
    },
  );

  it('every section a code comment cites exists', () => {
    const broken: string[] = [];
    const cited = new Set<string>();
    for (const file of CODE_DIRS.flatMap(codeFiles)) {
      if (file === path.join(ROOT, 'test/unit/doc-links.test.ts')) continue;
      const text = fs.readFileSync(file, 'utf8');
      for (const [target] of text.matchAll(/(?<![\w./-])(?:[\w.-]+\/)*[\w.-]+\.md#[\w-]+/g)) {
        cited.add(target);
        const problem = problemOf(path.join(ROOT, 'index'), target);
        if (problem) broken.push(`${path.relative(ROOT, file)}: ${target}: ${problem}`);
      }
    }
    expect(broken).toEqual([]);
    // The comments do cite both documents (this test would pass vacuously otherwise).
    expect([...cited].some((target) => target.startsWith('README.md#'))).toBe(true);
    expect([...cited].some((target) => target.startsWith('docs/decisions.md#'))).toBe(true);
  });

  it('reports a missing file, a missing heading and a cited section that does not exist', () => {
    const readme = path.join(ROOT, 'README.md');
    expect(problemOf(readme, 'docs/no-such-guide.md')).toBe('no such file');
    expect(problemOf(readme, 'docs/decisions.md#no-such-section')).toBe(
      'no heading #no-such-section',
    );
    expect(problemOf(readme, 'docs/decisions.md#trips')).toBeUndefined();
    expect(problemOf(readme, '#errors-and-limits')).toBeUndefined();
  });
});
