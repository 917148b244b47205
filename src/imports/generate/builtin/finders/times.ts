// Times of day: "08:15", "8.15", "8h15", "20h", "9am", "9:30 p.m.", "9 Uhr", "alle 9", "ore 21" (but "3 ore",
// "2 hrs" after the number are durations).
const TIME =
  /(?<![\d:.,/])(?:([01]?\d|2[0-3])\s?[:h.]\s?([0-5]\d)(?!\d)(?:\s*(a\.?\s?m\.?|p\.?\s?m\.?)(?![a-z]))?|([01]?\d|2[0-3])\s*(a\.?\s?m\.?|p\.?\s?m\.?|h(?![a-z\d])|uhr\b|horas?\b|heures?\b))|(?:\b(?:ore|alle|um|a las|as|a)\s+)([01]?\d|2[0-3])(?=\s*(?:h|uhr|ore)?\b)(?![.:,]\d)/gi;

export interface TimeMatch {
  time: string;
  index: number;
  end: number;
}

/** The times written in a line, as HH:MM (24 h), in order. */
export function timeMatches(line: string): TimeMatch[] {
  const found: TimeMatch[] = [];
  for (const m of line.matchAll(TIME)) {
    let hour: number;
    let minute = 0;
    let suffix: string | undefined;
    if (m[1] !== undefined) {
      hour = Number(m[1]);
      minute = Number(m[2]);
      suffix = m[3];
      // "8.15" could be an amount or a date ("8.15 km", "15.05.2026"): a dot needs a time-like context.
      // "19.04." with its closing dot is a day and month (German, Portuguese), not 19:04.
      if (
        /^\d{1,2}\.\d{2}$/.test(m[0].trim()) &&
        /^\.(?:\d|\s|$|[,;)])/.test(line.slice(m.index + m[0].length, m.index + m[0].length + 2))
      )
        continue;
      // "environ 4h30", "durata 2:30": how long a stage takes.
      if (APPROXIMATE_BEFORE.test(line.slice(Math.max(0, m.index - 16), m.index))) continue;
    } else if (m[4] !== undefined) {
      hour = Number(m[4]);
      suffix = m[5];
      if (isDuration(line, m.index, m.index + m[0].length)) continue;
    } else {
      // "alle 9", "a las 9", "um 9": only when the hour is plausible for the day.
      hour = Number(m[6]);
      if (!/^(?:ore|alle|um|a las)/i.test(m[0].trim())) continue;
    }
    const s = suffix?.toLowerCase().replace(/[.\s]/g, '');
    if (s === 'pm' && hour < 12) hour += 12;
    if (s === 'am' && hour === 12) hour = 0;
    if (hour > 23) continue;
    found.push({
      time: `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`,
      index: m.index,
      end: m.index + m[0].length,
    });
  }
  return found;
}

// "une excursion de 3 heures", "durante 2 horas", "for 3 hours": how long, not when ("de 9 heures à 12 heures" is when).
const DURATION_BEFORE =
  /(?:\bde|\bdurant|\bpendant|\bdurante|\bpor|\bfor|\bfur|\bfür|\benviron|\bdi|\bper)\s*$/i;
const APPROXIMATE_BEFORE =
  /(?:\benviron|\bcirca|\bca\.|\bapprox\.?|\baprox\.?|\baproximadamente|\bcerca de|\bunos|\betwa|\bdur[ée]e\s*:?|\bdurata\s*:?|\bdura[çc][ãa]o\s*:?|\bduraci[óo]n\s*:?|\bduration\s*:?|\bdauer\s*:?|\bfahrzeit\s*:?|\btravel time\s*:?|\btemps de trajet\s*:?)\s*$/i;
const RANGE_AFTER = /^\s*(?:à|a|-|–|to|bis|alle|até|hasta)\s/i;

function isDuration(line: string, start: number, end: number): boolean {
  return (
    DURATION_BEFORE.test(line.slice(Math.max(0, start - 12), start)) &&
    !RANGE_AFTER.test(line.slice(end, end + 8))
  );
}

export const times = (line: string): string[] => timeMatches(line).map((m) => m.time);
