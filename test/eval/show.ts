// node test/eval/show.ts <file> [now]: the text the import extracts from one document and the
// blocks it makes of it (a tool to see why a document scores as it does).
import fs from 'node:fs';
import path from 'node:path';
import { detectMediaType } from '../../src/imports/document.ts';
import { extractText } from '../../src/imports/extract/extract-text.ts';
import { stopOcr } from '../../src/imports/extract/ocr.ts';
import { importOffline } from '../../src/imports/import-offline.ts';

const [file, now = '2026-01-15'] = process.argv.slice(2);
if (!file) throw new Error('Usage: node test/eval/show.ts <file> [now]');
const bytes = new Uint8Array(fs.readFileSync(file));
try {
  const mediaType = detectMediaType(bytes);
  if (mediaType) {
    const extracted = await extractText(bytes, mediaType);
    console.log(`--- text (${mediaType})\n${extracted.text}\n--- structured`);
    console.log(JSON.stringify(extracted.structured.items));
  }
  const source = file.endsWith('.txt')
    ? { type: 'text' as const, text: fs.readFileSync(file, 'utf8') }
    : {
        type: 'inline' as const,
        data: Buffer.from(bytes).toString('base64'),
        filename: path.basename(file),
      };
  const result = await importOffline(source, { now: new Date(`${now}T00:00:00Z`) });
  console.log('--- trip', JSON.stringify(result.trip));
  console.log('--- blocks');
  for (const block of (result.configuration as { blocks: unknown[] }).blocks ?? []) {
    console.log(JSON.stringify(block));
  }
} finally {
  await stopOcr();
}
