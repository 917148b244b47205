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

describe('booking sites, notes and letters (round r8)', () => {
  it("reads a booking site's route boxes over a row of labelled cells, and a passenger table as no days", () => {
    const draft = read(
      [
        'Riepilogo prenotazione',
        'Andata',
        'Genova',
        'Terminal Traghetti, Ponte Colombo',
        '➜',
        'Palermo',
        'Molo Santa Lucia',
        'Partenza | giovedì 8 luglio 2027, ore 21:00 | Arrivo | venerdì 9 luglio 2027, ore 17:30',
        'Nave | M/N Stella del Mare | Corsa | GP 114',
        'Ritorno',
        'Palermo',
        'Molo Santa Lucia',
        '➜',
        'Genova',
        'Terminal Traghetti',
        'Partenza | domenica 18 luglio 2027, ore 20:00 | Arrivo | lunedì 19 luglio 2027, ore 16:00',
        'Nave | M/N Stella del Mare',
        'Passeggeri',
        '# | Nome | Tipo | Documento',
        '1 | Marta Ferri | Adulto | CI CA1234567',
        '2 | Luca Ferri | Adulto | CI CA7654321',
        '3 | Sara Ferri | Bambino | –',
        'Totale pagato | € 612,40',
      ].join('\n'),
      '2027-02-01',
    );
    expect(blocksOf(draft, 'transport')).toEqual([
      expect.objectContaining({
        date: '2027-07-08',
        mode: 'ferry',
        from: 'Genova',
        to: 'Palermo',
        time: '21:00',
        arrivalTime: '17:30',
        arrivalDate: '2027-07-09',
      }),
      expect.objectContaining({ date: '2027-07-18', mode: 'ferry', from: 'Palermo', to: 'Genova' }),
    ]);
    expect(draft.days.map((d) => d.title ?? '').join(' ')).not.toMatch(/Ferri/);
  });

  it('reads notes that give the month once ("Mar 2028") and then "the 5th", "6th -> 9th", "Thu 9th"', () => {
    const draft = read(
      [
        'JORDAN — Mar 2028 (Ana + me)',
        'flts booked 2 Dec, ref QX7T2P',
        '  OUT the 5th (Sun) RJ112 LHR 09:10 -> AMM 15:35',
        '  BACK the 12th (Sun) RJ111 AMM 08:35 -> LHR 12:05',
        'AMMAN',
        ' - htl: Jabal Loft Suites, Rainbow St. 5th -> 7th, 2 nts',
        'PETRA + WADI RUM',
        ' - Petra Stone Lodge, 7th-9th = 2 nts, near the visitor centre. pool!',
        ' - 2D1N camp trip w/ Bedu Trails, leaves Wadi Rum village 14:00 on the 9th, back 10th ~10:00',
        ' - Thu 9th 7am Petra by night? no - Little Petra first',
        'DEAD SEA',
        ' - Aqaba htl: Coral Shore Resort, 10th -> 12th (2 nts)',
      ].join('\n'),
      '2027-12-03',
    );
    expect(draft.days[0]?.date).toBe('2028-03-05');
    expect(draft.days.at(-1)?.date).toBe('2028-03-12');
    expect(blocksOf(draft, 'flight').map((f) => [f.flightNumber, f.date])).toEqual([
      ['RJ112', '2028-03-05'],
      ['RJ111', '2028-03-12'],
    ]);
    expect(blocksOf(draft, 'accommodation').map((s) => [s.name, s.checkIn, s.nights])).toEqual([
      ['Jabal Loft Suites', '2028-03-05', 2],
      ['Petra Stone Lodge', '2028-03-07', 2],
      ['Coral Shore Resort', '2028-03-10', 2],
    ]);
  });

  it('reads a flight leaving a city whose code ends in "an" ("HAN 07:10 -> DAD 08:30") with its times in order', () => {
    const draft = read('Tue 9 Nov 2027: VJ513 HAN 07:10 -> DAD 08:30 (VietJet)', '2027-06-01');
    expect(blocksOf(draft, 'flight')).toEqual([
      expect.objectContaining({ departureTime: '07:10', arrivalTime: '08:30', arrivalDate: null }),
    ]);
  });

  it('dates the weekdays of a letter without a year from the start it states ("On part le samedi 11 septembre")', () => {
    const draft = read(
      [
        'Coucou Léa,',
        '',
        "On part le samedi 11 septembre de Lyon, vol U2 4321 à 07h10, arrivée à Porto à 08h20. Le mardi 14 on prend le train pour Lisbonne à 11h39. Le jeudi 16 on fait le tour de Sintra, départ 9h00 de l'hôtel. Retour le dimanche 19, vol U2 4322 à 18h40.",
        '',
        'Bises,',
        'Inès',
      ].join('\n'),
      '2027-06-03',
    );
    expect(draft.days[0]?.date).toBe('2027-09-11');
    const sintra = draft.days.find((d) => JSON.stringify(d.blocks).includes('Sintra'));
    expect(sintra?.date).toBe('2027-09-16');
  });

  it("places a car-rental voucher where the car is picked up, not at the broker's letterhead, a flight named or not", () => {
    const draft = read(
      [
        'AutoWelt Reisen GmbH',
        'Sonnenstraße 12, 80331 München · Tel. +49 89 1234 5678',
        'Mietwagen-Voucher',
        'ABHOLUNG',
        'Mo, 14.06.2027 · 09:00 Uhr',
        'Tromsø Airport (TOS)',
        'RÜCKGABE',
        'Mo, 21.06.2027 · 18:00 Uhr',
        'Tromsø Airport (TOS)',
        'Fahrzeug: VW Golf oder ähnlich',
        'Ihr Flug: SK 4416 (bitte bei Verspätung angeben)',
      ].join('\n'),
      '2027-03-01',
    );
    expect(draft.countries).toEqual(['NOR']);
  });

  it('gives each of two flights in one message the date written before it ("…, ritorno mercoledì 2 giugno FR 8825")', () => {
    const draft = read(
      'Volotea diretto venerdì 14 maggio alle 7:10 (V7 1504) arriva 8:55, ritorno lunedì 17 maggio V7 1505 alle 20:20 da Olbia, arriva VCE 21:55.',
      '2027-02-10',
    );
    expect(blocksOf(draft, 'flight').map((f) => [f.flightNumber, f.date])).toEqual([
      ['V71504', '2027-05-14'],
      ['V71505', '2027-05-17'],
    ]);
  });

  it('reads a ferry booking printed as rows of cells ("Ruta | A (terminal) → B", "Salida | …", "Llegada | …")', () => {
    const draft = read(
      [
        'Trayecto de ida',
        'Ruta | Valencia (Terminal Ferry, Muelle de Poniente) → Ibiza (Estació Marítima)',
        'Buque | Ciutat de Maó · Viaje TLM 4410',
        'Salida | jueves, 15 de julio de 2027 · 23:30 h',
        'Llegada | viernes, 16 de julio de 2027 · 06:45 h',
        'Acomodación | Camarote interior doble',
      ].join('\n'),
      '2027-04-01',
    );
    expect(blocksOf(draft, 'transport')).toEqual([
      expect.objectContaining({
        date: '2027-07-15',
        mode: 'ferry',
        from: 'Valencia',
        to: 'Ibiza',
        time: '23:30',
        arrivalTime: '06:45',
        arrivalDate: '2027-07-16',
      }),
    ]);
  });

  it('reads stays that notes write nights first ("2 nts Loch View B&B, Glencoe", "3 nts Skye, Harbour Inn, Portree")', () => {
    const draft = read(
      [
        'SCOTLAND — May 2027',
        'SAT 8th',
        '- pick up car 09:00 Haymarket',
        '- 2 nts Loch View B&B, Glencoe, pay rest on arrival',
        'MON 10th',
        '- ferry Mallaig -> Armadale 11:40',
        '- 3 nts Skye, Harbour Inn, Portree (conf# HI-1234)',
        'THU 13th',
        '- drive back to Edinburgh',
      ].join('\n'),
      '2027-02-01',
    );
    expect(blocksOf(draft, 'accommodation').map((s) => [s.name, s.date, s.nights])).toEqual([
      ['Loch View B&B', '2027-05-08', 2],
      ['Harbour Inn', '2027-05-10', 3],
    ]);
  });

  it('dates a quote\'s stays by the trip\'s year, not by the quote\'s own date ("Preventivo del 2 marzo 2027", "7/11 – 9/11")', () => {
    const draft = read(
      [
        'Giappone classico',
        'Preventivo n. 2027/204 del 2 marzo 2027',
        '10 giorni · partenza sabato 6 novembre 2027 da Roma Fiumicino',
        'Sistemazioni',
        'Località | Struttura | Dal – al | Notti',
        'Tokyo | Hotel Sakura Gate | 7/11 – 10/11 | 3',
        'Kyoto | Ryokan Kamo River | 10/11 – 14/11 | 4',
      ].join('\n'),
      '2027-03-04',
    );
    expect(blocksOf(draft, 'accommodation').map((s) => [s.checkIn, s.nights])).toEqual([
      ['2027-11-07', 3],
      ['2027-11-10', 4],
    ]);
  });

  it("reads an e-mail wrapped at a fixed width: the period of a paragraph, a weekday's date after it", () => {
    const draft = read(
      [
        '¡Hola, Marta!',
        '',
        'Ya lo tenemos todo cerrado. Nos vamos del 14 al 22 de octubre. Salimos el',
        'jueves 14 por la mañana con el vuelo IB3170 Madrid–Oporto a las 9:05 y',
        'llegamos a las 9:20, que con la hora de menos parece que no volamos.',
        '',
        'El domingo 17 cogemos el tren a Lisboa, el Alfa Pendular de las 11:39. Y el',
        'viernes 22 volvemos con el vuelo TP1026 que sale de Lisboa a las 18:15.',
        '',
        'Un abrazo,',
        'Pilar',
      ].join('\n'),
      '2027-05-20',
    );
    expect(draft.days[0]?.date).toBe('2027-10-14');
    expect(draft.days.at(-1)?.date).toBe('2027-10-22');
    expect(blocksOf(draft, 'flight').map((f) => [f.flightNumber, f.date])).toEqual([
      ['IB3170', '2027-10-14'],
      ['TP1026', '2027-10-22'],
    ]);
  });
});
