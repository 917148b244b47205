// A minimal PDF written by hand for tests: one page per entry, with lines of text (Helvetica) and
// optionally an image (raw RGB pixels, Flate-compressed) such as a boarding-pass barcode.
import zlib from 'node:zlib';

export interface PdfPage {
  lines: string[];
  image?: { rgb: Uint8Array; width: number; height: number };
}

export function miniPdf(pages: PdfPage[]): Buffer {
  const objects: Buffer[] = [];
  const add = (body: Buffer | string) => {
    objects.push(Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'));
    return objects.length;
  };
  const stream = (dict: string, data: Buffer) =>
    Buffer.concat([
      Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'),
      data,
      Buffer.from('\nendstream', 'latin1'),
    ]);
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const pagesId = objects.length + 1;
  add('PLACEHOLDER');
  const kids: number[] = [];
  for (const page of pages) {
    const escapePdf = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
    let content = `BT /F1 11 Tf 40 800 Td 14 TL ${page.lines.map((l) => `(${escapePdf(l)}) Tj T*`).join(' ')} ET`;
    let resources = `/Font << /F1 ${font} 0 R >>`;
    if (page.image) {
      const { rgb, width, height } = page.image;
      const image = add(
        stream(
          `/Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode`,
          zlib.deflateSync(rgb),
        ),
      );
      resources += ` /XObject << /Im1 ${image} 0 R >>`;
      content += ` q ${width} 0 0 ${height} 40 ${700 - height} cm /Im1 Do Q`;
    }
    const contents = add(stream('', Buffer.from(content, 'latin1')));
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 595 842] /Resources << ${resources} >> /Contents ${contents} 0 R >>`,
      ),
    );
  }
  objects[pagesId - 1] = Buffer.from(
    `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`,
    'latin1',
  );
  const catalog = add(`<< /Type /Catalog /Pages ${pagesId} 0 R >>`);
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  objects.forEach((body, i) => {
    offsets.push(length);
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(chunk);
    length += chunk.length;
  });
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  parts.push(
    Buffer.from(
      `${xref}trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${length}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(parts);
}
