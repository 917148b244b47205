// IANA names the runtime's canonical list spells the old way (Asia/Calcutta) must still be accepted.
import { describe, expect, it } from 'vitest';
import { isTimezone } from '../../src/shared/timezones.ts';
import { configurationOf } from '../../src/imports/generate/configuration.ts';
import { extractDraft } from '../../src/imports/generate/builtin/builtin.generator.ts';

describe('isTimezone', () => {
  it('accepts current IANA names and their old aliases', () => {
    for (const name of [
      'Asia/Kolkata',
      'Asia/Calcutta',
      'America/Argentina/Buenos_Aires',
      'Asia/Ho_Chi_Minh',
      'Europe/Madrid',
      'UTC',
    ])
      expect(isTimezone(name)).toBe(true);
  });

  it('rejects what is not a zone name', () => {
    for (const name of ['Mars/Olympus_Mons', '+02:00', 'Europe/', '', 'Europe/Madrid; drop'])
      expect(isTimezone(name)).toBe(false);
  });
});

describe('import settings', () => {
  it("keeps the first destination's zone under its current name (Delhi → Asia/Kolkata, not UTC)", () => {
    const draft = extractDraft(
      `Golden Triangle tour
Day 1: Arrival in Delhi, check in at the Imperial Garden Hotel.
Day 2: Delhi – Agra, Taj Mahal at sunset.
Day 3: Agra – Jaipur.`,
      new Date('2026-01-15T00:00:00Z'),
    );
    const settings = (configurationOf(draft) as { settings: { timezone: string } }).settings;
    expect(settings.timezone).toBe('Asia/Kolkata');
  });
});
