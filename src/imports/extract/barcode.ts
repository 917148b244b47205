// 2D barcodes in images with zxing-wasm (ZXing-C++), offline: its .wasm is read from node_modules
// (by default the package would fetch it from a CDN). Only the symbologies boarding passes use
// (IATA BCBP: PDF417, Aztec, QR, DataMatrix). A first, lean pass (no rotation, no inversion, not
// "harder") reads an upright code in well under a second even on a 12-megapixel photo; the
// thorough pass (rotated codes) runs only when it found nothing and the image is at most a few
// megapixels: with every option on, a textured 12-megapixel photo took 15 s.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';

const require = createRequire(import.meta.url);
let prepared: Promise<unknown> | undefined;

function prepare(): Promise<unknown> {
  if (!prepared) {
    const wasm = fs.readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    prepared = prepareZXingModule({
      overrides: {
        wasmBinary: wasm.buffer.slice(
          wasm.byteOffset,
          wasm.byteOffset + wasm.byteLength,
        ) as ArrayBuffer,
      },
      fireImmediately: true,
    });
  }
  return prepared;
}

const FORMATS: ReaderOptions['formats'] = ['PDF417', 'Aztec', 'QRCode', 'DataMatrix'];
const LEAN: ReaderOptions = {
  formats: FORMATS,
  tryHarder: false,
  tryRotate: false,
  tryInvert: false,
  maxNumberOfSymbols: 8,
};
const THOROUGH: ReaderOptions = {
  formats: FORMATS,
  tryHarder: true,
  tryRotate: true,
  tryInvert: false,
  maxNumberOfSymbols: 8,
};
const THOROUGH_MAX_PIXELS = 4_000_000;

export interface RawImage {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** The texts of the barcodes in an encoded image (PNG, JPEG) or raw RGBA pixels; none on any failure. */
export async function scanBarcodes(image: Uint8Array | RawImage): Promise<string[]> {
  try {
    await prepare();
    const input =
      image instanceof Uint8Array
        ? new Uint8Array(image)
        : ({
            data: image.data,
            width: image.width,
            height: image.height,
            colorSpace: 'srgb',
          } as ImageData);
    const read = async (options: ReaderOptions) => [
      ...new Set(
        (await readBarcodes(input, options)).filter((r) => r.isValid && r.text).map((r) => r.text),
      ),
    ];
    const found = await read(LEAN);
    const pixels = image instanceof Uint8Array ? encodedPixels(image) : image.width * image.height;
    return found.length || pixels === null || pixels > THOROUGH_MAX_PIXELS
      ? found
      : await read(THOROUGH);
  } catch {
    return [];
  }
}

/** Width × height from a PNG's IHDR or a JPEG's SOF marker; null when neither is found. */
function encodedPixels(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes[0] === 0x89 && bytes.byteLength >= 24) return view.getUint32(16) * view.getUint32(20);
  for (let i = 2; i + 9 < bytes.byteLength; ) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1]!;
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return view.getUint16(i + 5) * view.getUint16(i + 7);
    i += 2 + view.getUint16(i + 2);
  }
  return null;
}
