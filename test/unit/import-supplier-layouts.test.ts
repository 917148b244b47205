// Layouts of suppliers' confirmations and travellers' notes that the fresh-eyes round r7 showed
// (docs: the rounds in test/fixtures/imports/rounds/README.md). Each test is a short document
// written for it and states what an agent would keep.
import { describe, expect, it } from 'vitest';
import { extractDraft } from '../../src/imports/generate/builtin/builtin.generator.ts';
import { scanDates } from '../../src/imports/generate/builtin/finders/dates.ts';
import { timeMatches } from '../../src/imports/generate/builtin/finders/times.ts';
import type { Draft, DraftBlock } from '../../src/imports/generate/draft.ts';
import { validateDraft } from '../../src/imports/generate/validate.ts';

const read = (text: string, now: string) =>
  validateDraft(extractDraft(text, new Date(`${now}T00:00:00Z`))).draft;
const blocksOf = (draft: Draft, type: DraftBlock['type']): Array<Record<string, unknown>> =>
  draft.days.flatMap((d) =>
    d.blocks
      .filter((b) => b.type === type)
      .map((b) => ({ day: d.day, date: d.date, ...b.content })),
  );

describe('labels and boxes of suppliers', () => {
  it('reads a crossing labelled in two languages ("Partenza / Departure:"), the weekday before the date no place', () => {
    const draft = read(
      [
        'Tratta / Route:        GENOVA  ->  PORTO TORRES',
        'Nave / Ship:           M/N "Isola Rossa"',
        'Partenza / Departure:  lunedì 13/07/2026  ore 20:30',
        'Arrivo / Arrival:      martedì 14/07/2026  ore 07:15',
      ].join('\n'),
      '2026-03-01',
    );
    expect(blocksOf(draft, 'transport')).toEqual([
      expect.objectContaining({
        date: '2026-07-13',
        mode: 'ferry',
        from: 'Genova',
        time: '20:30',
        arrivalTime: '07:15',
        arrivalDate: '2026-07-14',
      }),
    ]);
  });

  it('reads a ticket\'s boxes ("PARTENZA" / "07:00" / "Milano Centrale"), each leg with its own service, not the train\'s model', () => {
    const draft = read(
      [
        'ANDATA · OUTBOUND venerdì 27 marzo 2026',
        'PARTENZA',
        '07:00',
        'Milano Centrale',
        '→',
        'ARRIVO',
        '11:33',
        'Napoli Centrale',
        'TRENO Frecciarossa 1000 · FR 9527\tCARROZZA 7',
        'RITORNO · RETURN domenica 29 marzo 2026',
        'PARTENZA',
        '18:10',
        'Napoli Centrale',
        '→',
        'ARRIVO',
        '22:45',
        'Milano Centrale',
        'TRENO Frecciarossa 1000 · FR 9546\tCARROZZA 5',
      ].join('\n'),
      '2026-03-05',
    );
    expect(blocksOf(draft, 'transport')).toEqual([
      expect.objectContaining({
        from: 'Milano Centrale',
        to: 'Napoli Centrale',
        number: 'FR 9527',
      }),
      expect.objectContaining({
        from: 'Napoli Centrale',
        to: 'Milano Centrale',
        number: 'FR 9546',
      }),
    ]);
  });

  it('reads a car-rental voucher dated with the Portuguese weekday ("segunda-feira, 03/08/2026 – 14:30")', () => {
    const draft = read(
      [
        'VOUCHER DE ALUGUER / RENTAL VOUCHER',
        'Confirmação do fornecedor: ALG-55K8193',
        'LEVANTAMENTO / PICK-UP',
        'segunda-feira, 03/08/2026 – 14:30',
        'Aeroporto de Faro (FAO)',
        'DEVOLUÇÃO / DROP-OFF',
        'segunda-feira, 10/08/2026 – 10:00',
        'Aeroporto de Faro (FAO)',
        'O contrato é celebrado com o fornecedor AlgarCar Rent-a-Car, S.A.',
      ].join('\n'),
      '2026-06-15',
    );
    expect(blocksOf(draft, 'transport')).toEqual([
      expect.objectContaining({
        date: '2026-08-03',
        mode: 'carRental',
        from: 'Faro',
        time: '14:30',
      }),
    ]);
    expect(blocksOf(draft, 'transport')[0]!.operator).not.toBe('ALG-55K8193');
  });

  it('reads a table of hotels (town, hotel, dates, nights) as its stays', () => {
    const draft = read(
      [
        'Hotel',
        'Località | Struttura | Date | Notti | Trattamento',
        'Taormina | Hotel Belvedere degli Ulivi **** camera doppia | 06/06 – 09/06 | 3 | BB',
        'Modica | Masseria Case Iblee camera doppia | 09/06 – 11/06 | 2 | HB',
      ].join('\n'),
      '2026-02-18',
    );
    expect(blocksOf(draft, 'accommodation')).toEqual([
      expect.objectContaining({ name: 'Hotel Belvedere degli Ulivi', city: 'Taormina', nights: 3 }),
      expect.objectContaining({ name: 'Masseria Case Iblee', checkIn: '2026-06-09', nights: 2 }),
    ]);
  });
});

describe('dates and times', () => {
  it('a weekday chooses the year of a date written without one ("lun 11 de octubre")', () => {
    expect(scanDates('lun 11 de octubre', new Date('2027-03-13'), '2027-03-12')[0]?.date).toBe(
      '2027-10-11',
    );
    // Italian weekdays end in "dì": "venerdì 24/07" is no Tuesday ("di") before the date.
    expect(scanDates('venerdì 24/07/2026 ore 22:00', new Date('2026-03-01'))[0]?.index).toBe(8);
  });

  it('"environ 4h30" and "circa 8h30" are how long a stage takes, "à 8h00" is when', () => {
    expect(timeMatches('OUARZAZATE (200 km, environ 4h30)')).toEqual([]);
    expect(timeMatches('(circa 8h30 di viaggio)')).toEqual([]);
    expect(timeMatches('Départ à 8h00').map((t) => t.time)).toEqual(['08:00']);
  });
});

describe('notes and chats', () => {
  it('reads notes whose days open with their dates, a flight among them, stays in shorthand', () => {
    const draft = read(
      [
        'ISLAND Juli 27 (Jana + Tobi)',
        'Stand 9.1.27 – Flüge fix',
        'Fr 16.7.  FRA → KEF  LH 868  ab 13:30  an 15:05',
        '          -> Reykjavík 2 Ü: Hotel Fjara, Laugavegur 9',
        'Sa 17.7.  Golden Circle Tour 09:00 ab Hotel',
        'So 18.7.  KEF → FRA  LH 869  ab 16:10  an 21:30',
      ].join('\n'),
      '2027-01-10',
    );
    expect(draft.dateStart).toBe('2027-07-16');
    expect(draft.title).not.toMatch(/Jana/);
    expect(blocksOf(draft, 'flight').map((f) => f.date)).toEqual(['2027-07-16', '2027-07-18']);
    expect(blocksOf(draft, 'accommodation')).toEqual([
      expect.objectContaining({ name: 'Hotel Fjara', nights: 2 }),
    ]);
  });

  it('leaves a chat\'s own notices and stamps out of the trip, and reads its journeys "station 9h15 → station 11h40"', () => {
    const draft = read(
      [
        '03/09/27, 18:40 - I messaggi sono crittografati end-to-end. Nessuno può leggerli.',
        '03/09/27, 18:40 - Giulia ha creato il gruppo "Torino"',
        "03/09/27, 18:41 - Giulia: Torino il weekend dell'8?",
        '03/09/27, 18:44 - Sara: ok',
        '04/09/27, 09:30 - Giulia: RIEPILOGO',
        'Ven 08/10 – Italo Roma Termini 8h05 → Torino Porta Nuova 12h10',
        'Dom 10/10 – Regionale Torino Porta Nuova 17h50 → Roma Termini 22h05',
      ].join('\n'),
      '2027-09-05',
    );
    expect(draft.dateStart).toBe('2027-10-08');
    expect(blocksOf(draft, 'transport')).toEqual([
      expect.objectContaining({ mode: 'train', time: '08:05', arrivalTime: '12:10' }),
      expect.objectContaining({ mode: 'train', from: 'Torino Porta Nuova', time: '17:50' }),
    ]);
  });
});
