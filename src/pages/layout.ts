// The shell of every traveller page: language, title, description, the one inline stylesheet
// (the site's rules and the theme's colour and font; allowed by its hash in the page's
// Content-Security-Policy, http/security-headers.ts) and the view script, a file of ours.
import { html, type Markup, trusted } from './html.ts';
import { PAGE_STYLE } from './page-style.ts';

export const VIEW_SCRIPT_PATH = '/pages/view.js';

export interface Shell {
  lang: string;
  title: string;
  description?: string | null;
  canonical?: string;
  theme?: { color?: string | null; font?: string | null };
  /** Extra <head> elements of ours (meta refresh, robots). */
  head?: Markup;
  /** The page counts a view (trip pages). */
  countsViews?: boolean;
  body: Markup;
  bodyClass?: string;
}

export function renderDocument(shell: Shell): string {
  return html`<!doctype html>
<html lang="${shell.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${shell.title}</title>
${shell.description ? html`<meta name="description" content="${shell.description}">` : ''}
${shell.canonical ? html`<link rel="canonical" href="${shell.canonical}">` : ''}
${shell.head ?? ''}
<style>${trusted(themeStyle(shell.theme ?? {}))}${trusted(PAGE_STYLE)}</style>
${shell.countsViews ? html`<script src="${VIEW_SCRIPT_PATH}" defer></script>` : ''}
</head>
<body${shell.bodyClass ? html` class="${shell.bodyClass}"` : ''}>
${shell.body}
</body>
</html>
`.value;
}

const DEFAULT_ACCENT = '#1f5fa8';
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const FONT = /^[\p{L}\p{N} -]{1,60}$/u;

/**
 * The theme as CSS custom properties. Only a validated hex colour and a font name of letters,
 * digits, spaces and hyphens reach the stylesheet; the accent used for text and buttons is
 * darkened until it reads on white (WCAG AA, 4.5:1).
 */
export function themeStyle(theme: { color?: string | null; font?: string | null }): string {
  const accent = theme.color && HEX.test(theme.color) ? expand(theme.color) : DEFAULT_ACCENT;
  const strong = readableOnWhite(accent);
  const font = theme.font && FONT.test(theme.font) ? `"${theme.font}", ` : '';
  return `:root{--accent:${accent};--accent-strong:${strong};--font:${font}system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}`;
}

function expand(hex: string): string {
  const h = hex.toLowerCase();
  return h.length === 4 ? `#${h[1]}${h[1]}${h[2]}${h[2]}${h[3]}${h[3]}` : h;
}

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The colour, darkened in steps until its contrast with white is at least 4.5:1. */
export function readableOnWhite(hex: string): string {
  let colour = hex;
  for (let step = 0; step < 20 && 1.05 / (luminance(colour) + 0.05) < 4.6; step++) {
    colour = `#${[1, 3, 5]
      .map((i) =>
        Math.floor(Number.parseInt(colour.slice(i, i + 2), 16) * 0.85)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
  }
  return colour;
}
