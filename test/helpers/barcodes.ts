// Barcodes drawn for tests with bwip-js: as a PNG, or as raw RGB pixels to embed in a PDF.
import bwipjs from 'bwip-js';

export type Symbology = 'pdf417' | 'azteccode' | 'qrcode' | 'datamatrix';

export async function barcodePng(text: string, bcid: Symbology = 'pdf417'): Promise<Buffer> {
  // A white background and a quiet zone: a transparent PNG reads as black on black.
  return bwipjs.toBuffer({
    bcid,
    text,
    scale: 3,
    paddingwidth: 20,
    paddingheight: 20,
    backgroundcolor: 'FFFFFF',
  });
}

export function barcodeRgb(
  text: string,
  bcid: Symbology = 'pdf417',
  scale = 2,
  pad = 12,
): { rgb: Uint8Array; width: number; height: number } {
  const [symbol] = bwipjs.raw({ bcid, text }) as unknown as Array<{
    pixs: number[];
    pixx: number;
    pixy: number;
  }>;
  const { pixs, pixx, pixy } = symbol!;
  const width = pixx * scale + 2 * pad;
  const height = pixy * scale + 2 * pad;
  const rgb = new Uint8Array(width * height * 3).fill(255);
  for (let y = 0; y < pixy; y++) {
    for (let x = 0; x < pixx; x++) {
      if (!pixs[y * pixx + x]) continue;
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++)
          rgb.fill(
            0,
            ((pad + y * scale + dy) * width + pad + x * scale + dx) * 3,
            ((pad + y * scale + dy) * width + pad + x * scale + dx) * 3 + 3,
          );
    }
  }
  return { rgb, width, height };
}
