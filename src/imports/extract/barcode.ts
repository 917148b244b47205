// 2D barcodes in images with zxing-wasm (ZXing-C++), offline: its .wasm is read from node_modules
// (by default the package would fetch it from a CDN). Only the symbologies boarding passes use
// (IATA BCBP: PDF417, Aztec, QR, DataMatrix), one pass per image: a few milliseconds for a photo.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';

const require = createRequire(import.meta.url);
let prepared: Promise<unknown> | undefined;

function prepare(): Promise<unknown> {
  if (!prepared) {
    const wasm = fs.readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    prepared = prepareZXingModule({
      overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer },
      fireImmediately: true,
    });
  }
  return prepared;
}

const OPTIONS: ReaderOptions = { formats: ['PDF417', 'Aztec', 'QRCode', 'DataMatrix'], tryHarder: true, maxNumberOfSymbols: 8 };

export interface RawImage { data: Uint8ClampedArray; width: number; height: number }

/** The texts of the barcodes in an encoded image (PNG, JPEG) or raw RGBA pixels; none on any failure. */
export async function scanBarcodes(image: Uint8Array | RawImage): Promise<string[]> {
  try {
    await prepare();
    const input = image instanceof Uint8Array ? new Uint8Array(image) : ({ data: image.data, width: image.width, height: image.height, colorSpace: 'srgb' } as ImageData);
    const results = await readBarcodes(input, OPTIONS);
    return [...new Set(results.filter((r) => r.isValid && r.text).map((r) => r.text))];
  } catch {
    return [];
  }
}
