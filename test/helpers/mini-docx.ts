// A minimal Word document (.docx) built for tests and the benchmark with JSZip (the ZIP library
// mammoth itself reads with): headings, paragraphs, bulleted lists, tables and an inline image,
// in the WordprocessingML Word writes (ECMA-376), with its styles, numbering and relationships.
import JSZip from 'jszip';

export type DocxBlock =
  | { heading: string; level?: number }
  | { paragraph: string }
  | { bullets: string[] }
  | { table: string[][] }
  | { image: Uint8Array; alt: string };

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const run = (text: string) => `<w:r><w:t xml:space="preserve">${esc(text)}</w:t></w:r>`;
const paragraph = (text: string, props = '') =>
  `<w:p>${props ? `<w:pPr>${props}</w:pPr>` : ''}${run(text)}</w:p>`;

function blockXml(block: DocxBlock, image: () => string): string {
  if ('heading' in block)
    return paragraph(block.heading, `<w:pStyle w:val="Heading${block.level ?? 1}"/>`);
  if ('paragraph' in block) return paragraph(block.paragraph);
  if ('bullets' in block)
    return block.bullets
      .map((item) =>
        paragraph(
          item,
          '<w:pStyle w:val="ListParagraph"/><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr>',
        ),
      )
      .join('');
  if ('table' in block)
    return `<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/></w:tblPr>${block.table
      .map((row) => `<w:tr>${row.map((cell) => `<w:tc>${paragraph(cell)}</w:tc>`).join('')}</w:tr>`)
      .join('')}</w:tbl>`;
  const id = image();
  return `<w:p><w:r><w:drawing><wp:inline xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><wp:extent cx="952500" cy="952500"/><wp:docPr id="1" name="Picture 1" descr="${esc(block.alt)}"/><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="1" name="${id}.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="${id}"/></pic:blipFill><pic:spPr/></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;
}

export interface DocxOptions {
  /** Replaces [Content_Types].xml's main part type (a document that is not Word). */
  mainContentType?: string;
  /** The document.xml as written, instead of one built from the blocks. */
  documentXml?: string;
  /** Entries added as they are (name → content). */
  extra?: Record<string, string | Uint8Array>;
}

export async function miniDocx(blocks: DocxBlock[], options: DocxOptions = {}): Promise<Buffer> {
  const zip = new JSZip();
  const images: Uint8Array[] = [];
  const body = blocks
    .map((block) =>
      blockXml(block, () => {
        images.push((block as { image: Uint8Array }).image);
        return `rIdImage${images.length}`;
      }),
    )
    .join('');
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Override PartName="/word/document.xml" ContentType="${options.mainContentType ?? MAIN}"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/><Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/></Types>`,
  );
  zip.file(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="word/document.xml"/></Relationships>`,
  );
  zip.file(
    'word/_rels/document.xml.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/styles" Target="styles.xml"/><Relationship Id="rId2" Type="${REL}/numbering" Target="numbering.xml"/>${images
      .map(
        (_, i) =>
          `<Relationship Id="rIdImage${i + 1}" Type="${REL}/image" Target="media/image${i + 1}.png"/>`,
      )
      .join('')}</Relationships>`,
  );
  zip.file(
    'word/document.xml',
    options.documentXml ??
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}" xmlns:r="${R}"><w:body>${body}<w:sectPr/></w:body></w:document>`,
  );
  zip.file(
    'word/styles.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles xmlns:w="${W}">${[1, 2, 3]
      .map(
        (n) =>
          `<w:style w:type="paragraph" w:styleId="Heading${n}"><w:name w:val="heading ${n}"/></w:style>`,
      )
      .join(
        '',
      )}<w:style w:type="paragraph" w:styleId="ListParagraph"><w:name w:val="List Paragraph"/></w:style><w:style w:type="table" w:styleId="TableGrid"><w:name w:val="Table Grid"/></w:style></w:styles>`,
  );
  zip.file(
    'word/numbering.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:numbering xmlns:w="${W}"><w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/><w:lvlText w:val="•"/></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>`,
  );
  for (const [i, image] of images.entries()) zip.file(`word/media/image${i + 1}.png`, image);
  for (const [name, content] of Object.entries(options.extra ?? {})) zip.file(name, content);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
