// "Did you mean" for a near-miss name (a body field, a filter field, a query parameter): the same
// words in another order (`startDate` → `dateStart`), another case or separator (`page_size` →
// `pageSize`), a few typing slips (`titel` → `title`) or a name cut short (`order` → `orderBy`).

/** The closest candidate, or undefined when none is close enough to be worth suggesting. */
export function closest(name: string, candidates: Iterable<string>): string | undefined {
  const wanted = normalized(name);
  const words = wordKey(name);
  let best: string | undefined;
  let bestDistance = Infinity;
  let prefixOf: string | undefined;
  for (const candidate of candidates) {
    if (candidate === name) continue;
    if (normalized(candidate) === wanted || wordKey(candidate) === words) return candidate;
    if (wanted.length >= 4 && normalized(candidate).startsWith(wanted)) prefixOf ??= candidate;
    const distance = editDistance(wanted, normalized(candidate), bestDistance);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  // One slip in a short name, about one in three characters in a longer one.
  if (bestDistance <= Math.max(1, Math.floor(wanted.length / 3))) return best;
  return prefixOf; // a name cut short: `order` → `orderBy`
}

/** ` Did you mean "x"?` or nothing, to end a message with. */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const match = closest(name, candidates);
  return match === undefined ? '' : ` Did you mean "${match}"?`;
}

const normalized = (name: string) => name.toLowerCase().replace(/[\s_-]/g, '');

/** The words of a camelCase, snake_case or kebab-case name, sorted: word order does not count. */
const wordKey = (name: string) =>
  name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[\s_-]+/)
    .filter(Boolean)
    .sort()
    .join(' ');

/** Damerau-Levenshtein (optimal string alignment), giving up past `limit`; names are short. */
function editDistance(a: string, b: string, limit: number): number {
  // A client's field name can be long: such names are not typing slips of ours.
  if (a.length > 64 || b.length > 64) return Infinity;
  if (Math.abs(a.length - b.length) >= limit) return limit;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
    }
    [before, previous] = [previous, current];
  }
  return previous[b.length]!;
}
