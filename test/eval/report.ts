// The evaluation as text: a table of field means (all documents, then per format and per
// language; Markdown, so it pastes into docs/import-accuracy.md), then each imperfect document's misses.
import { summarize, summarizeBy, type DocumentResult, type Summary } from './evaluate.ts';
import { FIELDS } from './score.ts';

const pct = (value: number) => value.toFixed(2);

function row(name: string, s: Summary): string {
  return `| ${name.padEnd(14)} | ${String(s.documents).padStart(4)} | ${FIELDS.map((f) => pct(s.fields[f]).padStart(f.length)).join(' | ')} | ${pct(s.strict).padStart(6)} | ${pct(s.overall).padStart(4)} |`;
}

export function formatTable(results: DocumentResult[]): string {
  const header = `| ${'documents'.padEnd(14)} | ${'n'.padStart(4)} | ${FIELDS.join(' | ')} | strict | mean |`;
  const rule = `|${'-'.repeat(16)}|-----:|${FIELDS.map((f) => `${'-'.repeat(f.length + 1)}:`).join('|')}|-------:|-----:|`;
  return [
    header,
    rule,
    row('all', summarize(results)),
    ...summarizeBy(results, (r) => r.doc.format).map(([name, s]) => row(`format ${name}`, s)),
    ...summarizeBy(results, (r) => r.doc.expected.language).map(([name, s]) =>
      row(`language ${name}`, s),
    ),
  ].join('\n');
}

export function formatMisses(results: DocumentResult[]): string {
  return results
    .filter((r) => r.score.misses.length > 0)
    .sort((a, b) => a.score.score - b.score.score || a.doc.id.localeCompare(b.doc.id))
    .map((r) =>
      [
        `${pct(r.score.score)}  ${r.doc.id}.${r.doc.format} (${Math.round(r.ms)} ms)`,
        ...r.score.misses.map((m) => `      ${m}`),
      ].join('\n'),
    )
    .join('\n');
}

export function formatReport(results: DocumentResult[]): string {
  const perfect = results.filter((r) => r.score.misses.length === 0).length;
  return [
    `Import evaluation: ${results.length} documents, ${perfect} without a miss.`,
    '',
    formatTable(results),
    '',
    'Misses (lowest score first):',
    formatMisses(results) || '  none',
  ].join('\n');
}
