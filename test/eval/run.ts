// npm run eval:import [-- [--dir=folder] word ...]: scores the import on the evaluation corpus (or
// on another folder laid out the same way, such as a held-out set; or only the documents whose id
// contains one of the words) and prints the report. Exits 0: the floors are the unit test's
// (test/unit/import-eval.test.ts).
import path from 'node:path';
import { evaluateCorpus } from './evaluate.ts';
import { formatReport } from './report.ts';

const args = process.argv.slice(2);
const dir = args.find((arg) => arg.startsWith('--dir='))?.slice('--dir='.length);
const words = args.filter((arg) => !arg.startsWith('--dir='));
const results = await evaluateCorpus(words, dir ? path.resolve(dir) : undefined);
if (results.length === 0) {
  console.error('No corpus document matches.');
  process.exitCode = 1;
} else {
  console.log(formatReport(results));
}
