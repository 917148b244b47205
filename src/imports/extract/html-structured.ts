// schema.org items in HTML: JSON-LD scripts (objects, arrays, "@graph", references by "@id") and
// microdata (itemscope/itemtype/itemprop, nested), both as JSON-LD-shaped objects.

type El = {
  nodeType: number;
  tagName: string;
  textContent: string | null;
  children: ArrayLike<El>;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  querySelectorAll(selector: string): ArrayLike<El>;
};
type Json = Record<string, unknown>;

const MAX_ITEMS = 200;

export function readJsonLd(root: El): Json[] {
  const nodes: Json[] = [];
  for (const script of Array.from(
    root.querySelectorAll(
      'script[type="application/ld+json" i], script[type="application/ld+json"]',
    ),
  )) {
    const value = parseLenient(script.textContent ?? '');
    if (value !== undefined) collect(value, nodes);
  }
  return resolveReferences(nodes).slice(0, MAX_ITEMS);
}

/** JSON as pages write it: wrapped in a comment or CDATA, or with trailing commas. */
function parseLenient(source: string): unknown {
  const text = source
    .trim()
    .replace(/^<!--|-->$/g, '')
    .replace(/^\/\/\s*<!\[CDATA\[|\/\/\s*\]\]>$/g, '')
    .trim();
  for (const candidate of [text, text.replace(/,\s*([}\]])/g, '$1')]) {
    try {
      return JSON.parse(candidate);
    } catch {
      // next candidate
    }
  }
  return undefined;
}

function collect(value: unknown, into: Json[]): void {
  if (Array.isArray(value)) for (const v of value) collect(v, into);
  else if (value && typeof value === 'object') {
    const node = value as Json;
    if (Array.isArray(node['@graph'])) collect(node['@graph'], into);
    else into.push(node);
  }
}

/** Replaces {"@id": x} references by the node of that id (pages split a reservation and its flight). */
function resolveReferences(nodes: Json[]): Json[] {
  const byId = new Map<string, Json>();
  for (const node of nodes)
    if (typeof node['@id'] === 'string' && node['@type']) byId.set(node['@id'], node);
  if (!byId.size) return nodes;
  const resolve = (value: unknown, depth: number): unknown => {
    if (depth > 8) return value;
    if (Array.isArray(value)) return value.map((v) => resolve(v, depth + 1));
    if (!value || typeof value !== 'object') return value;
    const node = value as Json;
    const keys = Object.keys(node);
    if (keys.length === 1 && typeof node['@id'] === 'string' && byId.has(node['@id']))
      return resolve(byId.get(node['@id']), depth + 1);
    return Object.fromEntries(keys.map((k) => [k, resolve(node[k], depth + 1)]));
  };
  // Nodes only referenced by another are not items of their own.
  const referenced = new Set<string>();
  const mark = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(mark);
    else if (value && typeof value === 'object') {
      const node = value as Json;
      if (Object.keys(node).length === 1 && typeof node['@id'] === 'string')
        referenced.add(node['@id']);
      else Object.values(node).forEach(mark);
    }
  };
  for (const n of nodes) for (const value of Object.values(n)) mark(value);
  return nodes
    .filter((n) => !(typeof n['@id'] === 'string' && referenced.has(n['@id'])))
    .map((n) => resolve(n, 0) as Json);
}

/** Top-level microdata items (itemscope without itemprop) as JSON-LD-shaped objects. */
export function readMicrodata(root: El): Json[] {
  return Array.from(root.querySelectorAll('[itemscope]'))
    .filter((el) => !el.hasAttribute('itemprop'))
    .slice(0, MAX_ITEMS)
    .map((el) => microdataItem(el, 0));
}

function microdataItem(scope: El, depth: number): Json {
  const type = (scope.getAttribute('itemtype') ?? '').trim().split(/\s+/)[0] ?? '';
  const item: Json = { '@type': type.replace(/^https?:\/\/schema\.org\//i, '') || 'Thing' };
  const visit = (el: El) => {
    for (const child of Array.from(el.children)) {
      const props = child.getAttribute('itemprop');
      if (props) {
        const value = child.hasAttribute('itemscope')
          ? depth < 6
            ? microdataItem(child, depth + 1)
            : null
          : propertyValue(child);
        for (const name of props.trim().split(/\s+/)) add(item, name, value);
      }
      // A nested item's own properties belong to it, not to this one.
      if (!child.hasAttribute('itemscope')) visit(child);
    }
  };
  visit(scope);
  return item;
}

function add(item: Json, name: string, value: unknown): void {
  if (value === null || value === '') return;
  const existing = item[name];
  if (existing === undefined) item[name] = value;
  else item[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
}

function propertyValue(el: El): string {
  const tag = el.tagName.toUpperCase();
  const attribute =
    tag === 'META'
      ? 'content'
      : tag === 'TIME'
        ? 'datetime'
        : ['A', 'LINK', 'AREA'].includes(tag)
          ? 'href'
          : ['IMG', 'AUDIO', 'VIDEO', 'SOURCE', 'IFRAME', 'EMBED'].includes(tag)
            ? 'src'
            : ['DATA', 'METER'].includes(tag)
              ? 'value'
              : el.hasAttribute('content')
                ? 'content'
                : null;
  const value = attribute ? el.getAttribute(attribute) : null;
  return (value ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
}
