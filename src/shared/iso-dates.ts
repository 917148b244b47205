// Calendar arithmetic on ISO dates (YYYY-MM-DD), in UTC so that no timezone or daylight saving
// change moves a day: the one definition for the import's readers, merge and validation.
const DAY_MS = 86_400_000;

export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(date) + days * DAY_MS).toISOString().slice(0, 10);
export const daysBetween = (a: string, b: string): number =>
  Math.round((Date.parse(b) - Date.parse(a)) / DAY_MS);
