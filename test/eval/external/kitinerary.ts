// node test/eval/external/kitinerary.ts --snapshot=<kitinerary git dir> --out=<folder>
// Turns KDE Itinerary's public test data (kitinerary, autotests/extractordata/<vendor>/: booking
// documents written by others, beside the JSON KDE's extractor makes of them) into a folder laid
// out like our import corpus, so that `npm run eval:import -- --dir=<folder>` measures the import
// on documents we did not write. Each document is copied byte for byte; its expectation is mapped
// from KDE's JSON (kitinerary-map.ts). Nothing of KDE's data belongs in this repository: write the
// folder outside it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { francAll } from 'franc-min';
import PostalMime from 'postal-mime';
import { expectationOf } from './kitinerary-map.ts';

const ROOT = 'autotests/extractordata/';
/** The formats the import accepts (corpus README); .bin barcodes, .pkpass, .har... are skipped. */
const ACCEPTED = new Set(['txt', 'html', 'htm', 'eml', 'ics', 'pdf', 'png', 'jpg', 'jpeg']);
/** Formats whose text franc can read cheaply; the others are labelled English. */
const TEXT_FORMATS = new Set(['txt', 'html', 'htm', 'eml', 'ics']);

interface Options {
  snapshot: string;
  out: string;
}

async function main(): Promise<void> {
  const options = optionsOf(process.argv.slice(2));
  const git = gitOf(options.snapshot);
  const commit = git(['rev-parse', 'HEAD']).toString().trim();
  const files = git(['ls-tree', '-r', '-z', '--name-only', 'HEAD', '--', ROOT])
    .toString()
    .split('\0')
    .filter(Boolean);
  const names = new Set(files);
  clearPrevious(options.out);
  const written = new Set<string>();
  const skipped: string[] = [];
  for (const file of files) {
    const reason = await convert(file, { git, names, commit, out: options.out, written });
    if (reason) skipped.push(`${file}: ${reason}`);
  }
  console.log(`kitinerary ${commit}: ${written.size} documents written to ${options.out}`);
  console.log(`skipped ${skipped.length}:\n  ${skipped.join('\n  ')}`);
}

interface Context {
  git: (args: string[]) => Buffer;
  names: Set<string>;
  commit: string;
  out: string;
  written: Set<string>;
}

/** Writes one document and its expectation; returns why it was skipped, if it was. */
async function convert(file: string, context: Context): Promise<string | undefined> {
  const format = path.extname(file).slice(1).toLowerCase();
  // <document>.json beside its document is KDE's expectation, not an input.
  if (file.endsWith('.json') && context.names.has(file.slice(0, -'.json'.length))) return undefined;
  if (ACCEPTED.has(path.extname(file.slice(0, -'.json'.length)).slice(1)))
    return "KDE's expectation without its document in the snapshot";
  if (!ACCEPTED.has(format)) return `.${format || '(none)'} is not a format the import accepts`;
  if (!context.names.has(`${file}.json`)) return 'no expected JSON';
  const reservations = parseJson(context.git(['cat-file', 'blob', `HEAD:${file}.json`]));
  if (isEmpty(reservations)) return 'empty expected JSON';
  const bytes = context.git(['cat-file', 'blob', `HEAD:${file}`]);
  const language = TEXT_FORMATS.has(format) ? await languageOf(bytes, format) : undefined;
  const expected = expectationOf(reservations, {
    description: descriptionOf(file, context.commit),
    language: language?.code ?? 'en',
    ...(language?.obvious ? { settingsLanguage: language.code } : {}),
  });
  if (!expected) return 'no reservation the converter maps (a bare place without a date)';
  const id = idOf(file, expected.language, format, context.written);
  fs.writeFileSync(path.join(context.out, `${id}.${format}`), bytes);
  fs.writeFileSync(
    path.join(context.out, `${id}.expected.json`),
    `${JSON.stringify(expected, null, 2)}\n`,
  );
  context.written.add(id);
  return undefined;
}

function optionsOf(args: string[]): Options {
  const value = (name: string) =>
    args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const snapshot = value('snapshot');
  const out = value('out');
  if (!snapshot || !out) {
    console.error('usage: kitinerary.ts --snapshot=<kitinerary git dir> --out=<folder>');
    process.exit(2);
  }
  return { snapshot: path.resolve(snapshot), out: path.resolve(out) };
}

/** The snapshot is a bare git directory: read its HEAD without a work tree. */
function gitOf(gitDir: string) {
  return (args: string[]) =>
    execFileSync('git', [`--git-dir=${gitDir}`, ...args], { maxBuffer: 256 * 1024 * 1024 });
}

/** A rerun starts clean: only the files a previous run wrote (ids with "-kde-") go. */
function clearPrevious(out: string): void {
  fs.mkdirSync(out, { recursive: true });
  for (const name of fs.readdirSync(out))
    if (/^[a-z]{2}-kde-/.test(name)) fs.rmSync(path.join(out, name));
}

const parseJson = (bytes: Buffer): unknown => {
  const source = bytes.toString('utf8').trim();
  return source ? (JSON.parse(source) as unknown) : null;
};

const isEmpty = (value: unknown) =>
  value === null ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && Object.keys(value).length === 0);

const descriptionOf = (file: string, commit: string) =>
  `KDE Itinerary test data (vendor ${file.slice(ROOT.length).split('/')[0]}): kitinerary ` +
  `${commit.slice(0, 12)} ${file}; expectation mapped from KDE's extractor output (${path.basename(file)}.json) ` +
  'by test/eval/external/kitinerary.ts';

/** `<lang>-kde-<vendor>-<file stem>`, kebab-case; the format is added if two files share a stem. */
function idOf(file: string, language: string, format: string, written: Set<string>): string {
  const [vendor = '', ...rest] = file.slice(ROOT.length).split('/');
  const stem = rest.join('-').slice(0, -(format.length + 1));
  const id = `${language}-kde-${kebab(vendor)}-${kebab(stem)}`;
  return written.has(id) ? `${id}-${format}` : id;
}

const kebab = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

// ---------------------------------------------------------------- language (a label only)

/** franc's ISO 639-3 codes for the languages the documents are likely in, as ISO 639-1. */
const ISO_639_1: Record<string, string> = {
  eng: 'en',
  deu: 'de',
  fra: 'fr',
  spa: 'es',
  ita: 'it',
  por: 'pt',
  nld: 'nl',
  ces: 'cs',
  pol: 'pl',
  hun: 'hu',
  ron: 'ro',
  hrv: 'hr',
  srp: 'sr',
  bos: 'bs',
  swe: 'sv',
  tur: 'tr',
  rus: 'ru',
  ukr: 'uk',
  bul: 'bg',
  ind: 'id',
  vie: 'vi',
  cmn: 'zh',
  jpn: 'ja',
  kor: 'ko',
  hin: 'hi',
  arb: 'ar',
};

/**
 * The document's language by franc-min on its readable text (a ticket's barcode payload has
 * none: English). Obvious when the text is long enough and no other language comes close.
 */
async function languageOf(
  bytes: Buffer,
  format: string,
): Promise<{ code: string; obvious: boolean }> {
  const text = await readableText(bytes, format);
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  const [first, second] = francAll(text, { minLength: 20 });
  const code = first && first[0] !== 'und' ? ISO_639_1[first[0]] : undefined;
  if (!code || letters < 100) return { code: 'en', obvious: false };
  // Tickets printed in two or three languages score their runners-up within a few hundredths.
  return { code, obvious: letters >= 250 && (second?.[1] ?? 0) <= 0.97 };
}

async function readableText(bytes: Buffer, format: string): Promise<string> {
  const source = bytes.toString('utf8');
  if (format === 'ics') return icsText(source);
  if (format === 'html' || format === 'htm') return htmlText(source);
  if (format === 'eml') {
    const mail = await PostalMime.parse(bytes);
    return `${mail.subject ?? ''}\n${mail.text ?? htmlText(mail.html ?? '')}`;
  }
  return source;
}

/** The human fields of an iCalendar file (SUMMARY, DESCRIPTION, LOCATION), lines unfolded. */
function icsText(source: string): string {
  return source
    .replace(/\r?\n[ \t]/g, '')
    .split(/\r?\n/)
    .filter((line) => /^(SUMMARY|DESCRIPTION|LOCATION)[;:]/.test(line))
    .map((line) =>
      line
        .slice(line.indexOf(':') + 1)
        .replace(/\\[nN]/g, '\n')
        .replace(/\\/g, ''),
    )
    .join('\n');
}

function htmlText(source: string): string {
  return source
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, '');
}

await main();
