// npm run eval:import [-- word ...]: scores the import on the evaluation corpus (or the documents
// whose id contains one of the words) and prints the report. Exits 0: the floors are the unit
// test's (test/unit/import-eval.test.ts).
import { evaluateCorpus } from './evaluate.ts';
import { formatReport } from './report.ts';

const results = await evaluateCorpus(process.argv.slice(2));
if (results.length === 0) {
  console.error('No corpus document matches.');
  process.exitCode = 1;
} else {
  console.log(formatReport(results));
}
