// usage: node /tmp/imp/show.ts file [now]
import fs from 'node:fs';
import path from 'node:path';
const root = process.cwd();
const { importOffline } = await import(path.join(root, 'src/imports/import-offline.ts'));
const { readDocument } = await import(path.join(root, 'src/imports/stages.ts'));
const { detectMediaType } = await import(path.join(root, 'src/imports/document.ts'));
const file = process.argv[2]!;
const bytes = fs.readFileSync(file);
const exp = JSON.parse(fs.readFileSync(file.replace(/\.[a-z]+$/, '.expected.json'), 'utf8'));
const now = new Date(process.argv[3] ?? exp.now ?? '2026-01-01');
if (process.env.TEXT) { const mt = detectMediaType(bytes, path.basename(file)); const r = await readDocument(bytes, mt ?? 'text/plain'); console.log(r.extracted.text); }
const r = await importOffline({ type: 'inline', filename: path.basename(file), data: bytes.toString('base64') } as any, { now });
console.log(JSON.stringify({ title: r.trip.title, start: r.trip.startDate, end: r.trip.endDate, countries: r.trip.countries }, null, 0));
for (const d of (r.trip.days ?? r.draft.days ?? [])) console.log(JSON.stringify(d).slice(0, 400));
