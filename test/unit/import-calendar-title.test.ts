import { describe, expect, it } from 'vitest';
import { importOffline } from '../../src/imports/import-offline.ts';

const ics = (name: string) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//EN',
    `X-WR-CALNAME:${name}`,
    'BEGIN:VEVENT',
    'UID:1@test',
    'DTSTART:20260424T065200Z',
    'DTEND:20260424T090100Z',
    'SUMMARY:TGV INOUI 8527 Paris Montparnasse → Bordeaux Saint-Jean',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:2@test',
    'DTSTART;VALUE=DATE:20260424',
    'DTEND;VALUE=DATE:20260426',
    'SUMMARY:Hôtel Le Boutique\\, Bordeaux',
    'LOCATION:Bordeaux',
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');

const run = (name: string) =>
  importOffline(
    { type: 'inline', data: Buffer.from(ics(name)).toString('base64'), filename: 'trip.ics' },
    { now: new Date('2026-01-15T00:00:00Z') },
  );

describe("a calendar's name as the trip's title", () => {
  it.each(['Sophie – perso', 'Mes trajets', 'Work'])(
    'is not the title when it names no place: %s',
    async (name) => {
      const { trip } = await run(name);
      expect(trip.title).not.toContain(name);
      expect(trip.title.toLowerCase()).toContain('bordeaux');
    },
  );

  it('is the title when it names the destination', async () => {
    expect((await run('Week-end à Bordeaux')).trip.title).toBe('Week-end à Bordeaux');
  });
});
