// Trip-level fields of the built-in engine (countries, title, dates) on short documents written
// for these tests: each states what an agent would keep, one rule per test.
import { describe, expect, it } from 'vitest';
import { extractDraft } from '../../src/imports/generate/builtin/builtin.generator.ts';
import { validateDraft } from '../../src/imports/generate/validate.ts';
import {
  isHeaderField,
  titleFrom,
  tripCountries,
  tripTitle,
} from '../../src/imports/generate/builtin/trip-fields.ts';
import { countriesNamed } from '../../src/imports/generate/builtin/places.ts';

const NOW = new Date('2026-01-15T00:00:00Z');
const read = (text: string) => validateDraft(extractDraft(text, NOW)).draft;

describe('countries: the origin and the agency are not destinations', () => {
  it('leaves out a country named on the agency letterhead (a sales office abroad)', () => {
    const draft = read(`Savanna Trails Safaris
Nairobi office: Kenyatta Avenue 12, Nairobi
UK sales: 4 Harbour Lane, Leeds LS1 2AB
Day 1: Arrival in Nairobi
Day 2: Nairobi – Amboseli. Game drive in the afternoon.
Day 3: Amboseli – Nairobi`);
    expect(draft.countries).toEqual(['KEN']);
  });

  it('leaves out the city a programme leaves from on day 1 and returns to on the last day', () => {
    const draft = read(`Tunísia – Oásis e Deserto
Dia 1 – Lisboa ✈ Tunes
Chegada e transfer para o hotel em Tunes.
Dia 2 – Tunes – Cartago – Tunes
Visita às ruínas de Cartago.
Dia 3 – Tunes – Kairouan – Tozeur
Dia 4 – Tozeur ✈ Lisboa`);
    expect(draft.countries).toEqual(['TUN']);
  });

  it('keeps the port a cruise sails from and comes back to', () => {
    const draft = read(`Crucero Islas Griegas
sábado 10/10/2026: Atenas (Pireo)
domingo 11/10/2026: Mykonos
lunes 12/10/2026: Heraklion (Creta)
lunes 12/10/2026: Santorini
martes 13/10/2026: Atenas (Pireo)`);
    expect(draft.countries).toEqual(['GRC']);
  });
});

describe('countries: connections', () => {
  it('does not take a destination for a connection when its flight is mentioned again', () => {
    // "Aeroporto do Sal → hotel (chegada do voo TP1543)" yields the same flight again, with fewer facts.
    const flight = (
      flightNumber: string,
      departureAirport: string | null,
      arrivalAirport: string | null,
      date: string,
    ) => ({
      flightNumber,
      airline: 'TAP Air Portugal',
      departureAirport,
      arrivalAirport,
      departureCity: null,
      arrivalCity: null,
      date,
      departureTime: null,
      arrivalTime: null,
      arrivalDate: null,
      bookingReference: null,
    });
    const reading = tripCountries({
      stays: [],
      visited: [],
      text: '',
      flights: [
        flight('TP1543', 'LIS', 'SID', '2026-07-04'),
        flight('TP1543', 'SID', null, '2026-07-04'),
        flight('TP1544', 'SID', 'LIS', '2026-07-11'),
      ],
    });
    expect(reading.countries).toEqual(['CPV']);
  });

  it('still drops a real connection (the next flight goes on the same day)', () => {
    const draft = read(`Flights
14/05/2026 TP1351 Lisbon (LIS) 07:00 → Frankfurt (FRA) 11:10
14/05/2026 LH1372 Frankfurt (FRA) 12:20 → Prague (PRG) 13:30
21/05/2026 LH1395 Prague (PRG) 15:00 → Frankfurt (FRA) 16:10
21/05/2026 LH1168 Frankfurt (FRA) 17:30 → Lisbon (LIS) 19:40`);
    expect(draft.countries).toEqual(['CZE']);
  });
});

describe('countries: a destination named only in the heading', () => {
  it('finds the place among the heading words ("Plan Cartagena")', () => {
    const draft = read(`Plan Cartagena (3 días)
Día 1: llegada desde Bogotá, paseo por la ciudad amurallada.
Día 2: lancha a las Islas del Rosario.
Día 3: regreso.`);
    expect(draft.countries).toEqual(['COL']);
  });

  it('does not take a person after a title ("Herr Krüger") for a place', () => {
    const draft = read(`Ihr E-Ticket für Athen – Buchungscode L7VZ2Q
Sehr geehrter Herr Krüger,
vielen Dank für Ihre Buchung. Im Anhang finden Sie das E-Ticket.`);
    expect(draft.countries).toEqual(['GRC']);
  });
});

describe("titles: the document's name is not the trip's", () => {
  it('turns "Itinerary <places>" into a trip to them, in the document\'s language', () => {
    const draft = read(`Roteiro Salvador e Recife – 3 a 6 de outubro de 2026
Dia 1: chegada a Salvador, passeio pelo Pelourinho.
Dia 2: Salvador – Recife de avião.
Dia 3: visita a Olinda.
Dia 4: regresso.`);
    expect(draft.title).toBe('Viagem a Salvador e Recife');
  });

  it('keeps a product name that says more than its places', () => {
    const draft = read(`Roteiro Portugal Clássico: Lisboa, Sintra e Porto
Dia 1: chegada a Lisboa.
Dia 2: Sintra.
Dia 3: Lisboa – Porto.`);
    expect(draft.title).toBe('Roteiro Portugal Clássico: Lisboa, Sintra e Porto');
  });
});

describe("titles: a header's fields are not headings", () => {
  it.each([
    [
      'fr',
      'Facture n° F-2027-0112',
      'Date : 12/03/2027',
      'Dossier : HL-4471',
      '15/05/2027 Vol AF1734 Paris (CDG) 10:15 → Rome (FCO) 12:20',
      'rome',
    ],
    [
      'en',
      'Invoice 2027-0112',
      'Date: 12/03/2027',
      'File: HL-4471',
      '15/05/2027 Flight BA558 London (LHR) 10:15 → Rome (FCO) 13:50',
      'rome',
    ],
    [
      'es',
      'Factura 2027-0112',
      'Fecha: 12/03/2027',
      'Expediente: HL-4471',
      '15/05/2027 Vuelo IB3234 Madrid (MAD) 10:15 → Roma (FCO) 12:40',
      'roma',
    ],
    [
      'pt',
      'Fatura 2027-0112',
      'Data: 12/03/2027',
      'Processo: HL-4471',
      '15/05/2027 Voo TP836 Lisboa (LIS) 10:15 → Roma (FCO) 14:20',
      'roma',
    ],
    [
      'it',
      'Fattura 2027-0112',
      'Data: 12/03/2027',
      'Pratica: HL-4471',
      '15/05/2027 Volo AZ2019 Milano (LIN) 10:15 → Napoli (NAP) 11:25',
      'napoli',
    ],
    [
      'de',
      'Rechnung 2027-0112',
      'Datum: 12.03.2027',
      'Vorgang: HL-4471',
      '15.05.2027 Flug LH232 Frankfurt (FRA) 10:15 → Rom (FCO) 12:10',
      'rom',
    ],
  ])('%s: "%s" then a dated field', (_language, first, date, file, flight, place) => {
    const title = read([first, date, file, flight].join('\n')).title;
    expect(title.toLowerCase()).toContain(place);
    expect(title).not.toMatch(
      /^(?:Date|Fecha|Data|Datum|Dossier|File|Expediente|Processo|Pratica|Vorgang)\b/,
    );
  });
});

describe('titles: an area of several countries in the heading', () => {
  it.each([
    [
      'en',
      'ADRIATIC & BALKANS DISCOVERY — Croatia, Montenegro and Bosnia & Herzegovina',
      'balkans',
    ],
    ['es', 'Descubrimiento de los Balcanes — Croacia, Montenegro y Bosnia', 'balcanes'],
    ['fr', 'Croisière en Méditerranée — Espagne, France et Italie', 'méditerranée'],
    ['pt', 'Cruzeiro pelo Mediterrâneo — Espanha, França e Itália', 'mediterrâneo'],
    ['it', 'Scoperta della Scandinavia — Norvegia, Svezia e Danimarca', 'scandinavia'],
    ['de', 'Entdeckungsreise Baltikum — Estland, Lettland und Litauen', 'baltikum'],
  ])('%s: %s', (_language, heading, area) => {
    expect(titleFrom(heading, NOW)?.toLowerCase()).toContain(area);
  });
});

describe('isHeaderField', () => {
  it.each([
    ['fr', 'Date : 12/06/2026', true],
    ['fr', 'Dossier : HL-JP-2611', true],
    ['en', 'Invoice no: F-2026-0931', true],
    ['es', 'Fecha: 12/06/2026', true],
    ['de', 'Datum: 12.06.2026', true],
    ['it', 'Pratica n°: 4471', true],
    ['fr', 'FACTURE — Voyage au Japon, Tokyo · Kyoto · Osaka', false],
    ['en', 'Sicily: Palermo, Taormina and Syracuse', false],
    ['pt', 'Roteiro: Lisboa e Porto', false],
  ])('%s: %s', (_language, line, field) => {
    expect(isHeaderField(line)).toBe(field);
  });
});

describe('dates: the way home', () => {
  it('ends the trip when an overnight return on the last day arrives', () => {
    const draft = read(`Sardegna in traghetto
Giorno 1 – venerdì 11 settembre 2026: partenza da Genova alle 20:00, arrivo a Olbia sabato 12 settembre alle 08:00.
Giorno 2 – sabato 12 settembre 2026: Olbia e la Costa Smeralda.
Giorno 3 – domenica 13 settembre 2026: traghetto Olbia – Genova alle 21:00, arrivo a Genova lunedì 14 settembre alle 07:30.`);
    expect([draft.dateStart, draft.dateFinish, draft.duration]).toEqual([
      '2026-09-11',
      '2026-09-14',
      4,
    ]);
  });
});

describe('settings: the first destination of a domestic trip', () => {
  it('takes the zone of the airport a trip in its home country lands at (Lisbon → Funchal)', () => {
    const flight = (
      flightNumber: string,
      departureAirport: string | null,
      arrivalAirport: string | null,
    ) => ({
      flightNumber,
      airline: 'TAP Air Portugal',
      departureAirport,
      arrivalAirport,
      departureCity: null,
      arrivalCity: 'Funchal',
      date: null,
      departureTime: null,
      arrivalTime: null,
      arrivalDate: null,
      bookingReference: null,
    });
    const reading = tripCountries({
      stays: [],
      visited: [],
      text: '',
      flights: [flight('TP1689', 'LIS', 'FNC'), flight('TP1690', 'FNC', null)],
    });
    expect(reading.countries).toEqual(['PRT']);
    expect(reading.firstDestination).toMatchObject({ country: 'PRT', iata: 'FNC' });
  });
});

describe('titles: a route through one country', () => {
  const title = (heading: string, countries: string[], language: string) =>
    tripTitle(
      {
        lines: [heading],
        subject: null,
        language,
        countries,
        destinations: [],
        duration: 7,
        kindText: heading,
      },
      NOW,
    );

  it('puts the country before a heading that is only a route ("Sevilla – Córdoba y Granada")', () => {
    expect(title('Sevilla – Córdoba y Granada', ['ESP'], 'es')).toBe(
      'España: Sevilla – Córdoba y Granada',
    );
    expect(title('Lima – Cusco y Machu Picchu', ['PER'], 'es')).toBe(
      'Perú: Lima – Cusco y Machu Picchu',
    );
  });

  it('leaves a heading that names its country or a kind of trip', () => {
    expect(title('Italia: Roma e Firenze', ['ITA'], 'it')).toBe('Italia: Roma e Firenze');
    expect(title('Weekend in Lisbon', ['PRT'], 'en')).toBe('Weekend in Lisbon');
  });

  it('reads "Peru" capitalised as the country, not in lower case', () => {
    expect(countriesNamed('Circuito Perú y Bolivia').map((c) => c.country)).toEqual(['PER', 'BOL']);
    expect(countriesNamed('Jantar: peru assado com castanhas').map((c) => c.country)).toEqual([]);
  });
});
