// importOffline: the pipeline's stages in-process, as the evaluation corpus uses them.
import { describe, expect, it } from 'vitest';
import { importOffline } from '../../src/imports/import-offline.ts';
import { ImportFailure } from '../../src/imports/pipeline.errors.ts';

const now = new Date('2026-01-15T00:00:00Z');
const PLAN =
  'Weekend in Lisbon\n12 to 13 June 2026\n\nDay 1: Lisbon\nCheck in at Hotel Miradouro. Tram 28 tour at 10:00.\n\nDay 2: Sintra\nPena Palace at 09:30.';

describe('importOffline', () => {
  it('makes the trip, its configuration (itinerary days with their blocks), the draft and a log from a text source', async () => {
    const result = await importOffline({ type: 'text', text: PLAN }, { now });
    expect(result.trip).toMatchObject({
      dateStart: new Date('2026-06-12T00:00:00Z'),
      dateFinish: new Date('2026-06-13T00:00:00Z'),
      countries: ['PRT'],
      template: false,
    });
    const itinerary = (
      result.configuration.blocks as Array<{
        type: string;
        children: Array<{ content: { day: number } }>;
      }>
    )[0]!;
    expect(itinerary.type).toBe('itinerary');
    expect(itinerary.children.map((d) => d.content.day)).toEqual([1, 2]);
    expect(result.draft.days).toHaveLength(2);
    expect(result.log).toContain('Generator: built-in extractor.');
  });

  it('reads a JSON object source as the service stores it, and an inline document by its content', async () => {
    const json = await importOffline(
      { type: 'text', text: { title: 'Weekend in Lisbon', plan: PLAN } },
      { now },
    );
    expect(json.log[0]).toMatch(/^Read 1 page of TXT/); // the extractingText stage's own log line
    const inline = await importOffline(
      { type: 'inline', data: Buffer.from(PLAN).toString('base64'), filename: 'plan.bin' },
      { now, isTemplate: true },
    );
    expect(inline.trip.template).toBe(true);
    expect(inline.trip.dateStart).toEqual(new Date('2026-06-12T00:00:00Z'));
  });

  it('fails as the pipeline does on a document it cannot read, and refuses URLs', async () => {
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x00, 0x00]).toString('base64');
    await expect(
      importOffline({ type: 'inline', data: zip, filename: 'a.zip' }, { now }),
    ).rejects.toThrow(/unsupported_format/);
    await expect(
      importOffline({ type: 'text', text: '   \n  ok  ' }, { now }),
    ).rejects.toBeInstanceOf(ImportFailure);
    await expect(
      importOffline({ type: 'url', url: 'https://example.com/plan.pdf' }, { now }),
    ).rejects.toBeInstanceOf(ImportFailure);
  });
});
