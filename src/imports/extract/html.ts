// An HTML document (a web page, an email saved as HTML): its schema.org items (JSON-LD and
// microdata, read first and before anything is removed: mail clients hide their markup) and its
// visible text without the page's noise (scripts, menus, cookie banners, hidden elements, forms,
// site header and footer), tables as one line per row with cells separated by " | ".
import { parseHTML } from 'linkedom';
import { readJsonLd, readMicrodata } from './html-structured.ts';

export interface HtmlContent {
  text: string;
  /** schema.org nodes (JSON-LD shape: "@type" and properties), top level first. */
  items: Record<string, unknown>[];
}

type Node = {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<Node>;
  parentNode: Node | null;
};
type Element = Node & {
  tagName: string;
  children: ArrayLike<Element>;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  querySelectorAll(selector: string): ArrayLike<Element>;
  closest(selector: string): Element | null;
  remove(): void;
};

export function readHtml(html: string): HtmlContent {
  const markup = /<html[\s>]/i.test(html)
    ? html
    : `<!DOCTYPE html><html><head></head><body>${html}</body></html>`;
  const { document } = parseHTML(markup) as unknown as {
    document: { documentElement: Element; body: Element | null };
  };
  const root = document.documentElement;
  const items = [...readJsonLd(root), ...readMicrodata(root)];
  removeNoise(document.body ?? root);
  const text = blocksOf(document.body ?? root)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { text, items };
}

const NOISE_TAGS =
  'script, style, noscript, template, svg, canvas, iframe, object, embed, button, select, input, textarea, nav, aside, dialog, menu, head, title, link, meta';
const NOISE_ROLES =
  /^(?:navigation|banner|contentinfo|search|dialog|alertdialog|menu|menubar|complementary)$/i;
const NOISE_WORDS =
  /(?:^|[\s_-])(?:nav|navbar|navigation|menu|megamenu|breadcrumbs?|sidebar|newsletter|subscribe|social|share|sharing|skip|popup|modal|reviews?|rating|ratings|trustpilot|feefo|testimonials?|comments?|related|recommended|advert|ads|masthead|site-header|site-footer|footer|unsubscribe)(?:$|[\s_-])/i;
const COOKIES = /cookie|consent|gdpr|onetrust|cookiebot|cc-window|cc-banner/i;
const HIDDEN_STYLE =
  /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden|max-height\s*:\s*0|font-size\s*:\s*0)/i;

/** Removes what a reader does not see or does not read as the page's content. */
function removeNoise(body: Element): void {
  const total = textLength(body);
  // A wrapper that holds most of the page (an ASP.NET <form>, a "page-menu-wrapper") is not noise.
  const removable = (el: Element) => textLength(el) < Math.max(200, total * 0.5);
  for (const el of Array.from(body.querySelectorAll(NOISE_TAGS))) el.remove();
  for (const el of Array.from(body.querySelectorAll('form, header, footer'))) {
    if ((el.tagName === 'FORM' || !el.closest('article, main')) && removable(el)) el.remove();
  }
  for (const el of Array.from(
    body.querySelectorAll('[hidden], [aria-hidden="true"], [style], [role], [class], [id]'),
  )) {
    if (!el.parentNode) continue; // inside something already removed
    const style = el.getAttribute('style') ?? '';
    const names = `${el.getAttribute('class') ?? ''} ${el.getAttribute('id') ?? ''}`;
    const hidden =
      el.hasAttribute('hidden') ||
      el.getAttribute('aria-hidden') === 'true' ||
      HIDDEN_STYLE.test(style);
    const noise =
      NOISE_ROLES.test(el.getAttribute('role') ?? '') ||
      COOKIES.test(names) ||
      NOISE_WORDS.test(names);
    if (hidden || (noise && removable(el))) el.remove();
  }
  // Breadcrumbs and link bars without a telling class: only links and separators ("Europa › Polen").
  for (const el of Array.from(body.querySelectorAll('p, div, ul, ol, span'))) {
    if (!el.parentNode) continue;
    const links = Array.from(el.querySelectorAll('a'));
    if (links.length < 2) continue;
    const linkText = links.reduce((n, a) => n + (a.textContent ?? '').length, 0);
    const rest = (el.textContent ?? '').length - linkText;
    const between = (el.textContent ?? '').replace(/\s+/g, ' ');
    if (rest <= 40 && /^[^.!?:;0-9]*$/.test(between) && /[›»>/|·•]/.test(between)) el.remove();
  }
}

const textLength = (el: Node) => (el.textContent ?? '').replace(/\s+/g, '').length;

const BLOCKS = new Set([
  'ADDRESS',
  'ARTICLE',
  'BLOCKQUOTE',
  'CAPTION',
  'CENTER',
  'DD',
  'DIV',
  'DL',
  'DT',
  'FIELDSET',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HR',
  'LI',
  'MAIN',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'UL',
  'TBODY',
  'THEAD',
  'TFOOT',
  'DETAILS',
  'SUMMARY',
  'BODY',
  'HTML',
]);

/** The element's text as lines: blocks on lines of their own, inline content joined. */
function blocksOf(node: Node): string[] {
  const lines: string[] = [];
  let current = '';
  const flush = () => {
    const line = current.replace(/[ \t\u00a0]+/g, ' ').trim();
    if (line) lines.push(line);
    current = '';
  };
  const walk = (n: Node) => {
    if (n.nodeType === 3) {
      current += (n.textContent ?? '').replace(/\s+/g, ' ');
      return;
    }
    if (n.nodeType !== 1) return;
    const tag = n.nodeName.toUpperCase();
    if (tag === 'BR') {
      flush();
      return;
    }
    if (tag === 'TABLE') {
      flush();
      lines.push(...tableLines(n as Element));
      return;
    }
    if (tag === 'PRE') {
      flush();
      lines.push(
        ...(n.textContent ?? '')
          .split(/\r?\n/)
          .map((l) => l.trimEnd())
          .filter(Boolean),
      );
      return;
    }
    const block = BLOCKS.has(tag);
    if (block) flush();
    for (const child of Array.from(n.childNodes)) walk(child);
    if (block) flush();
  };
  walk(node);
  flush();
  return lines;
}

/**
 * A data table gives a line per row, cells separated by " | "; a layout table (emails are built
 * of them: a cell holding paragraphs or another table) gives its cells' blocks in order.
 */
function tableLines(table: Element): string[] {
  const rows = Array.from(table.querySelectorAll('tr')).filter(
    (tr) => tr.closest('table') === table,
  );
  const lines: string[] = [];
  for (const row of rows) {
    const cells = Array.from(row.childNodes).filter(
      (c): c is Element => c.nodeType === 1 && /^T[DH]$/i.test(c.nodeName),
    );
    const contents = cells.map((cell) => blocksOf(cell));
    const layout =
      cells.some((cell) => cell.querySelectorAll('table').length > 0) ||
      contents.some((c) => c.length > 2);
    if (layout || cells.length <= 1) lines.push(...contents.flat());
    else {
      const line = contents
        .map((c) => c.join(' '))
        .filter(Boolean)
        .join(' | ');
      if (line) lines.push(line);
    }
  }
  return lines;
}
