// Stays (accommodation blocks) on documents written by others (issue 24): business and agency
// itineraries with a hotel line per stay, brochure programmes listing their hotels apart from the
// days, hotel confirmations, and camps, lodges, riads, pousadas, ryokans. Six languages; each case
// states the stays an agent would keep, in order, on the day they start.
import { describe, expect, it } from 'vitest';
import { extractDraft } from '../../src/imports/generate/builtin/builtin.generator.ts';
import {
  labelledDates,
  listedStayItem,
  readHotelList,
} from '../../src/imports/generate/builtin/stays.ts';
import { validateDraft } from '../../src/imports/generate/validate.ts';

const NOW = new Date('2026-01-15T00:00:00Z');

const staysOf = (text: string) =>
  validateDraft(extractDraft(text, NOW)).draft.days.flatMap((d) =>
    d.blocks.flatMap((b) =>
      b.type === 'accommodation' ? [{ day: d.day, date: d.date, ...b.content }] : [],
    ),
  );

interface Case {
  name: string;
  text: string;
  stays: Array<Record<string, unknown>>;
}

// 1. Business and agency itineraries, invoices: a hotel line per stay, several in one document.
const ITINERARIES: Case[] = [
  {
    name: 'de: "Hotel: X, Stadt · Check-in … · Check-out …" lines and a "Hotel | X, Paris | 20.11.–21.11." row',
    text: `Reiseplan Geschäftsreise Norditalien / Paris
Reisender: Herr Jonas Weber

Hotel: Cavour Business, Milano · Check-in 16.11.2026 · Check-out 18.11.2026 (2 Nächte)
Termin Kunde Brambilla 17.11.2026 09:30

Hotel: Po Riverside, Torino · Check-in 18.11.2026 · Check-out 20.11.2026 (2 Nächte)

Hotel | Parc Monceau, Paris | 20.11.–21.11.

Rückflug 21.11.2026 AF1234 CDG-MUC 18:05`,
    stays: [
      {
        date: '2026-11-16',
        name: 'Cavour Business',
        city: 'Milano',
        checkIn: '2026-11-16',
        checkOut: '2026-11-18',
        nights: 2,
      },
      {
        date: '2026-11-18',
        name: 'Po Riverside',
        city: 'Torino',
        checkIn: '2026-11-18',
        checkOut: '2026-11-20',
        nights: 2,
      },
      {
        date: '2026-11-20',
        name: 'Parc Monceau',
        city: 'Paris',
        checkIn: '2026-11-20',
        checkOut: '2026-11-21',
        nights: 1,
      },
    ],
  },
  {
    name: 'es: an invoice\'s "12/03–14/03 Hotel X, Ciudad" lines (a range with no separator is no day heading)',
    text: `Factura nº 2026/118 – Viajes Sol
Cliente: Marta Ruiz
12/03–14/03 Hotel Alameda Palace, Salamanca
14/03–16/03 Hotel Puerta de Toledo, Toledo
Total: 480 EUR`,
    stays: [
      {
        date: '2026-03-12',
        name: 'Hotel Alameda Palace',
        city: 'Salamanca',
        checkIn: '2026-03-12',
        checkOut: '2026-03-14',
        nights: 2,
      },
      {
        date: '2026-03-14',
        name: 'Hotel Puerta de Toledo',
        city: 'Toledo',
        checkIn: '2026-03-14',
        checkOut: '2026-03-16',
        nights: 2,
      },
    ],
  },
  {
    name: 'es: a plan of dated lines with "dd/mm–dd/mm Hotel X" among them',
    text: `Itinerario Ruta Castilla
12/03–14/03 Hotel Alameda Palace, Salamanca
14/03 Visita guiada de la catedral a las 10:00
14/03–16/03 Hotel Puerta de Toledo, Toledo
16/03 Tren a Madrid 18:00`,
    stays: [
      {
        date: '2026-03-12',
        name: 'Hotel Alameda Palace',
        checkIn: '2026-03-12',
        checkOut: '2026-03-14',
        nights: 2,
      },
      {
        date: '2026-03-14',
        name: 'Hotel Puerta de Toledo',
        checkIn: '2026-03-14',
        checkOut: '2026-03-16',
        nights: 2,
      },
    ],
  },
  {
    name: 'pt: "Hotel: X, Cidade – entrada …, saída …"',
    text: `Itinerário de viagem de negócios – Sr. Paulo Mendes
Hotel: Tivoli Oriente, Lisboa – entrada 04/05/2026, saída 06/05/2026
Reunião com cliente 05/05/2026 às 10:00
Hotel: Pestana Vintage, Porto – entrada 06/05/2026, saída 08/05/2026`,
    stays: [
      {
        date: '2026-05-04',
        name: 'Tivoli Oriente',
        city: 'Lisboa',
        checkIn: '2026-05-04',
        checkOut: '2026-05-06',
        nights: 2,
      },
      {
        date: '2026-05-06',
        name: 'Pestana Vintage',
        city: 'Porto',
        checkIn: '2026-05-06',
        checkOut: '2026-05-08',
        nights: 2,
      },
    ],
  },
  {
    name: 'it: three "Hotel: X, Città · Check-in … · Check-out …" lines',
    text: `Trasferta di lavoro – Ing. Marco Ferri
Hotel: Albergo Centrale, Bologna · Check-in 12/10/2026 · Check-out 14/10/2026
Hotel: Hotel Excelsior, Firenze · Check-in 14/10/2026 · Check-out 15/10/2026
Hotel: Hotel Roma, Roma · Check-in 15/10/2026 · Check-out 17/10/2026`,
    stays: [
      {
        date: '2026-10-12',
        name: 'Albergo Centrale',
        city: 'Bologna',
        checkIn: '2026-10-12',
        checkOut: '2026-10-14',
        nights: 2,
      },
      {
        date: '2026-10-14',
        name: 'Hotel Excelsior',
        city: 'Firenze',
        checkIn: '2026-10-14',
        checkOut: '2026-10-15',
        nights: 1,
      },
      {
        date: '2026-10-15',
        name: 'Hotel Roma',
        city: 'Roma',
        checkIn: '2026-10-15',
        checkOut: '2026-10-17',
        nights: 2,
      },
    ],
  },
  {
    name: 'fr: an invoice table "Hôtel X, Ville | 09.03.–11.03.2026 | montant"',
    text: `Facture n° F-2026-0412 – Agence Horizon Affaires
Client : Société Belmont SA – M. Luc Girard

Prestation | Dates | Montant
Hôtel Le Grand Quai, Lyon | 09.03.–11.03.2026 | 312,00 €
Hôtel Marquis du Port, Marseille | 11.03.–13.03.2026 | 298,00 €
Total TTC : 679,00 €`,
    stays: [
      {
        date: '2026-03-09',
        name: 'Hôtel Le Grand Quai',
        city: 'Lyon',
        checkIn: '2026-03-09',
        checkOut: '2026-03-11',
        nights: 2,
      },
      {
        date: '2026-03-11',
        name: 'Hôtel Marquis du Port',
        city: 'Marseille',
        checkIn: '2026-03-11',
        checkOut: '2026-03-13',
        nights: 2,
      },
    ],
  },
  {
    name: 'en: "Hotel | X, City | dd.mm.–dd.mm." rows between flights',
    text: `Business travel itinerary – Ms Anna Novak
Flight LH1700 Munich to Milan 16 Nov 2026 07:30
Hotel | Cavour Business, Milan | 16.11.–18.11.
Hotel | Po Riverside, Turin | 18.11.–20.11.
Hotel | Parc Monceau, Paris | 20.11.–21.11.
Flight AF1234 Paris CDG to Munich 21 Nov 2026 18:05`,
    stays: [
      {
        date: '2026-11-16',
        name: 'Cavour Business',
        checkIn: '2026-11-16',
        checkOut: '2026-11-18',
        nights: 2,
      },
      {
        date: '2026-11-18',
        name: 'Po Riverside',
        checkIn: '2026-11-18',
        checkOut: '2026-11-20',
        nights: 2,
      },
      {
        date: '2026-11-20',
        name: 'Parc Monceau',
        city: 'Paris',
        checkIn: '2026-11-20',
        checkOut: '2026-11-21',
        nights: 1,
      },
    ],
  },
  {
    name: 'es: "Hotel: X, Ciudad · Entrada … · Salida … (n noches)"',
    text: `Itinerario viaje de empresa
Hotel: NH Collection Eurobuilding, Madrid · Entrada 02/02/2027 · Salida 04/02/2027 (2 noches)
Hotel: Hotel Arts, Barcelona · Entrada 04/02/2027 · Salida 05/02/2027 (1 noche)`,
    stays: [
      {
        date: '2027-02-02',
        name: 'NH Collection Eurobuilding',
        city: 'Madrid',
        checkIn: '2027-02-02',
        checkOut: '2027-02-04',
        nights: 2,
      },
      {
        date: '2027-02-04',
        name: 'Hotel Arts',
        city: 'Barcelona',
        checkIn: '2027-02-04',
        checkOut: '2027-02-05',
        nights: 1,
      },
    ],
  },
];

// 2. Brochure programmes whose hotels are listed apart from the days.
const PROGRAMMES: Case[] = [
  {
    name: 'it: "Hotel previsti:" over one line of "Città – Hotel (n notti)" items between semicolons',
    text: `Giordania classica – 6 giorni

Giorno 1: Amman
Arrivo all'aeroporto e trasferimento in hotel.
Giorno 2: Amman – Jerash
Visita di Jerash e rientro ad Amman.
Giorno 3: Petra
Partenza per Petra, visita del sito.
Giorno 4: Petra
Giornata libera a Petra.
Giorno 5: Wadi Rum
Escursione in jeep nel deserto.
Giorno 6: Amman
Trasferimento all'aeroporto.

Hotel previsti:
Amman – Jabal Amman Suites (2 notti); Petra – Petra Valley Gate (2 notti); Wadi Rum – Rum Starlight Camp (1 notte)`,
    stays: [
      { day: 1, name: 'Jabal Amman Suites', city: 'Amman', nights: 2 },
      { day: 3, name: 'Petra Valley Gate', city: 'Petra', nights: 2 },
      { day: 5, name: 'Rum Starlight Camp', nights: 1 },
    ],
  },
  {
    name: 'fr: "Hôtels prévus : …" on one line after the days, a camp named in a day too',
    text: `Jordanie – circuit 4 jours
Jour 1 : Amman
Jour 2 : Petra
Jour 3 : Wadi Rum
Nuit au camp Rum Starlight.
Jour 4 : Amman
Hôtels prévus : Amman – Jabal Amman Suites (1 nuit) ; Petra – Petra Valley Gate (1 nuit) ; Wadi Rum – Rum Starlight Camp (1 nuit)`,
    stays: [
      { day: 1, name: 'Jabal Amman Suites', nights: 1 },
      { day: 2, name: 'Petra Valley Gate', nights: 1 },
      { day: 3, name: 'Rum Starlight Camp', nights: 1 },
    ],
  },
  {
    name: 'es: "Hoteles previstos (o similares):" before the days, one item a line',
    text: `Itinerario de viaje – Ruta por Perú
Hoteles previstos (o similares):
Lima – Hotel Casa Andina Miraflores (2 noches)
Cusco – Hotel Aranwa (3 noches)
Puno – Libertador Lago Titicaca (2 noches)
Día 1: Lima
Llegada al aeropuerto y traslado al hotel.
Día 2: Lima
Visita de la ciudad.
Día 3: Cusco
Vuelo a Cusco.
Día 4: Valle Sagrado
Día 5: Cusco
Día 6: Puno
Día 7: Puno
Día 8: Salida`,
    stays: [
      { day: 1, name: 'Hotel Casa Andina Miraflores', city: 'Lima', nights: 2 },
      { day: 3, name: 'Hotel Aranwa', city: 'Cusco', nights: 3 },
      { day: 6, name: 'Libertador Lago Titicaca', city: 'Puno', nights: 2 },
    ],
  },
  {
    name: 'pt: "Noites 1–2: Cidade, Hotel X" numbers the nights',
    text: `Marrocos Imperial – 5 dias
Dia 1: Casablanca
Dia 2: Rabat e Fez
Dia 3: Fez
Dia 4: Marrakech
Dia 5: Marrakech
Alojamento:
Noites 1–2: Casablanca, Hotel Atlas Almohades
Noite 3: Fez, Riad Fes Maya
Noites 4–5: Marrakech, Riad Dar Zaman`,
    stays: [
      { day: 1, name: 'Hotel Atlas Almohades', city: 'Casablanca', nights: 2 },
      { day: 3, name: 'Riad Fes Maya', nights: 1 },
      { day: 4, name: 'Riad Dar Zaman', city: 'Marrakech', nights: 2 },
    ],
  },
  {
    name: 'de: "Unterkünfte:" with "Nacht 1: …", "Nächte 2-3: …"',
    text: `Namibia Rundreise
Tag 1: Windhoek
Tag 2: Sossusvlei
Tag 3: Sossusvlei
Tag 4: Swakopmund
Tag 5: Windhoek
Unterkünfte:
Nacht 1: Windhoek, Hotel Thule
Nächte 2-3: Sossusvlei, Desert Quiver Camp
Nacht 4: Swakopmund, Strand Hotel`,
    stays: [
      { day: 1, name: 'Hotel Thule', city: 'Windhoek', nights: 1 },
      { day: 2, name: 'Desert Quiver Camp', nights: 2 },
      { day: 4, name: 'Strand Hotel', city: 'Swakopmund', nights: 1 },
    ],
  },
  {
    name: 'en: "Accommodation: nights 1-2 Amman, X; nights 3-4 Petra, Y; …" after the days',
    text: `Jordan Highlights
Day 1: Amman. Arrive and transfer.
Day 2: Jerash and Amman.
Day 3: Petra.
Day 4: Petra.
Day 5: Wadi Rum.
Day 6: Amman. Departure.
Accommodation: nights 1-2 Amman, Le Grand Amman; nights 3-4 Petra, Old Village Resort; night 5 Wadi Rum, Memories Aicha Camp.`,
    stays: [
      { day: 1, name: 'Le Grand Amman', city: 'Amman', nights: 2 },
      { day: 3, name: 'Old Village Resort', city: 'Petra', nights: 2 },
      { day: 5, name: 'Memories Aicha Camp', nights: 1 },
    ],
  },
  {
    name: 'it: "Alberghi previsti (o similari):" without nights, each from the first day named after its town',
    text: `Giordania classica
Giorno 1: Amman
Giorno 2: Jerash e Amman
Giorno 3: Petra
Giorno 4: Petra
Giorno 5: Wadi Rum
Giorno 6: Amman
Alberghi previsti (o similari):
Amman: Jabal Amman Suites
Petra: Petra Valley Gate
Wadi Rum: Rum Starlight Camp`,
    stays: [
      { day: 1, name: 'Jabal Amman Suites', city: 'Amman', nights: 2 },
      { day: 3, name: 'Petra Valley Gate', city: 'Petra', nights: 2 },
      { day: 5, name: 'Rum Starlight Camp', nights: 1 },
    ],
  },
];

// 3. Hotel confirmations: one stay, the right dates among a cancellation policy's.
const CONFIRMATIONS: Case[] = [
  {
    name: 'en: named in the letterhead only, over its postal address',
    text: `ATLANTICA HOTELS
Reservation Confirmation

Grand Harbour Lisbon
Rua do Alecrim 44, 1200-018 Lisboa, Portugal

Dear Mr Tom Hughes,
Your confirmation number is 7731902.

Check-in: Friday 17 April 2026 from 15:00
Check-out: Monday 20 April 2026 until 11:00
Room type: King Deluxe

Cancellation: You may cancel free of charge until 15 April 2026 23:59 local hotel time. Cancellations after 15 April 2026 will be charged one night.`,
    stays: [
      {
        date: '2026-04-17',
        name: 'Grand Harbour Lisbon',
        city: 'Lisboa',
        checkIn: '2026-04-17',
        checkOut: '2026-04-20',
        nights: 3,
        bookingReference: '7731902',
      },
    ],
  },
  {
    name: 'en: "Palazzo Chiaia Hotel" in the header, a policy full of other dates',
    text: `Palazzo Chiaia Hotel
Via Chiaia 12, 80121 Napoli, Italy

Dear Ms Emily Carter,
Thank you for choosing Palazzo Chiaia Hotel. We are pleased to confirm your reservation.

Confirmation number: 48213377
Check-in: Friday 17 April 2026 from 15:00
Check-out: Monday 20 April 2026 until 11:00

Cancellation policy: free cancellation until Tuesday 14 April 2026 at 18:00. After 14 April 2026 the first night is charged.`,
    stays: [
      {
        date: '2026-04-17',
        name: 'Palazzo Chiaia Hotel',
        city: 'Napoli',
        checkIn: '2026-04-17',
        checkOut: '2026-04-20',
        nights: 3,
        bookingReference: '48213377',
      },
    ],
  },
  {
    name: 'it: "Arrivo: … dalle 15:00", "Partenza: … entro le 11:00"',
    text: `Conferma di prenotazione
Palazzo Chiaia – Napoli
Gentile Sig.ra Bianchi,
Arrivo: venerdì 17 aprile 2026 dalle 15:00
Partenza: lunedì 20 aprile 2026 entro le 11:00
Cancellazione gratuita fino al 14 aprile 2026.`,
    stays: [{ name: 'Palazzo Chiaia', checkIn: '2026-04-17', checkOut: '2026-04-20', nights: 3 }],
  },
  {
    name: 'de: a riad\'s "Anreise: … ab 15:00 Uhr", "Abreise: … bis 11:00 Uhr"',
    text: `Buchungsbestätigung
Riad Dar Anika, Marrakesch
Anreise: Freitag, 17. April 2026 ab 15:00 Uhr
Abreise: Montag, 20. April 2026 bis 11:00 Uhr
Stornierung kostenlos bis 10. April 2026.`,
    stays: [{ name: 'Riad Dar Anika', checkIn: '2026-04-17', checkOut: '2026-04-20', nights: 3 }],
  },
  {
    name: 'es: letterhead "Casa Palacio Santa Cruz" with "Fecha de entrada: …", "Fecha de salida: …"',
    text: `Confirmación de reserva
Casa Palacio Santa Cruz
Calle Mateos Gago 8, 41004 Sevilla
Estimado Sr. López:
Fecha de entrada: viernes, 2 de octubre de 2026, a partir de las 14:00
Fecha de salida: domingo, 4 de octubre de 2026, hasta las 12:00
Cancelación gratuita hasta el 28 de septiembre de 2026.`,
    stays: [
      {
        date: '2026-10-02',
        name: 'Casa Palacio Santa Cruz',
        city: 'Sevilla',
        checkIn: '2026-10-02',
        checkOut: '2026-10-04',
        nights: 2,
      },
    ],
  },
  {
    name: 'fr: "Arrivée : … à partir de 15h00", "Départ : … avant 11h00"',
    text: `Confirmation de réservation
Hôtel Les Remparts
12 rue des Halles, 84000 Avignon
Bonjour Mme Durand,
Arrivée : samedi 6 juin 2026 à partir de 15h00
Départ : mardi 9 juin 2026 avant 11h00
Annulation gratuite jusqu'au 1 juin 2026.`,
    stays: [
      {
        date: '2026-06-06',
        name: 'Hôtel Les Remparts',
        city: 'Avignon',
        checkIn: '2026-06-06',
        checkOut: '2026-06-09',
        nights: 3,
      },
    ],
  },
  {
    name: 'pt: a quinta\'s "Check-in: sexta-feira, …", "Check-out: domingo, …"',
    text: `Confirmação de reserva
Quinta do Vale Verde
Estrada Nacional 222, 5110-204 Pinhão
Check-in: sexta-feira, 11 de setembro de 2026, a partir das 15:00
Check-out: domingo, 13 de setembro de 2026, até às 11:00
Cancelamento gratuito até 4 de setembro de 2026.`,
    stays: [
      {
        date: '2026-09-11',
        name: 'Quinta do Vale Verde',
        checkIn: '2026-09-11',
        checkOut: '2026-09-13',
        nights: 2,
      },
    ],
  },
];

// 4. Camps, lodges, riads, pousadas, ryokans in a day's text.
const PLACES_TO_SLEEP: Case[] = [
  {
    name: 'en: "Overnight: X Lodge", "Night at X Camp"',
    text: `Tanzania Safari – 5 days
Day 1: Arusha
Arrival and transfer. Overnight: Arusha Coffee Lodge.
Day 2: Tarangire
Game drive. Overnight: Tarangire Treetops Camp.
Day 3: Serengeti
Full day game drive. Night at Serengeti Pioneer Camp.
Day 4: Serengeti
Game drive.
Day 5: Arusha
Departure.`,
    stays: [
      { day: 1, name: 'Arusha Coffee Lodge', nights: 1 },
      { day: 2, name: 'Tarangire Treetops Camp', nights: 1 },
      { day: 3, name: 'Serengeti Pioneer Camp' },
    ],
  },
  {
    name: 'it: "Pernottamento all\'Hotel X", "al ryokan X", "Pernottamento: X"',
    text: `Tour Giappone
Giorno 1: Kyoto
Pernottamento all'Hotel Granvia Kyoto.
Giorno 2: Hakone
Pernottamento al ryokan Hakone Ginyu.
Giorno 3: Tokyo
Pernottamento: Park Hotel Tokyo.
Giorno 4: Tokyo
Partenza.`,
    stays: [
      { day: 1, name: 'Hotel Granvia Kyoto', nights: 1 },
      { day: 2, name: 'Ryokan Hakone Ginyu', nights: 1 },
      { day: 3, name: 'Park Hotel Tokyo', nights: 1 },
    ],
  },
  {
    name: 'fr: "nuit au riad X", "Nuit au camp X"',
    text: `Circuit Maroc
Jour 1 : Marrakech
Accueil et nuit au riad Dar Zaman.
Jour 2 : Merzouga
Route vers le désert. Nuit au camp Erg Chebbi Luxury.
Jour 3 : Fès
Nuit à l'hôtel Sahrai.
Jour 4 : Fès
Départ.`,
    stays: [
      { day: 1, name: 'Riad Dar Zaman', nights: 1 },
      { day: 2, name: 'Camp Erg Chebbi Luxury', nights: 1 },
      { day: 3, name: 'Sahrai', nights: 1 },
    ],
  },
  {
    name: 'pt: "Check-in na Pousada X", "Alojamento na Pousada Y"',
    text: `Portugal Pousadas
Dia 1: Évora
Check-in na Pousada Convento de Évora.
Dia 2: Évora
Dia 3: Óbidos
Alojamento na Pousada Castelo Óbidos.
Dia 4: Lisboa`,
    stays: [
      { day: 1, name: 'Pousada Convento de Évora', nights: 2 },
      { day: 3, name: 'Pousada Castelo Óbidos', nights: 1 },
    ],
  },
];

describe.each([
  ['business and agency itineraries', ITINERARIES],
  ['programmes listing their hotels apart', PROGRAMMES],
  ['hotel confirmations', CONFIRMATIONS],
  ['camps, lodges, riads, pousadas, ryokans', PLACES_TO_SLEEP],
])('stays of %s', (_kind, cases) => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const stays = staysOf(c.text);
    expect(stays).toHaveLength(c.stays.length);
    for (const [i, want] of c.stays.entries()) expect(stays[i]).toMatchObject(want);
  });
});

describe('the pieces of a stay', () => {
  it.each([
    [
      'Amman – Jabal Amman Suites (2 notti)',
      { name: 'Jabal Amman Suites', city: 'Amman', nights: 2, firstNight: null },
    ],
    [
      'Noites 1–2: Casablanca, Hotel Atlas Almohades',
      { name: 'Hotel Atlas Almohades', city: 'Casablanca', nights: 2, firstNight: 1 },
    ],
    [
      'Nächte 2-3: Sossusvlei, Desert Quiver Camp',
      { name: 'Desert Quiver Camp', nights: 2, firstNight: 2 },
    ],
    ['Hotel Aranwa, Cusco (3 noches)', { name: 'Hotel Aranwa', city: 'Cusco', nights: 3 }],
    [
      'Wadi Rum – Rum Starlight Camp (1 nuit)',
      { name: 'Rum Starlight Camp', city: null, town: 'Wadi Rum', nights: 1 },
    ],
  ])('a listed stay: %s', (item, want) => {
    expect(listedStayItem(item)).toMatchObject(want);
  });

  it.each([
    ['Giorno 3: Petra', true],
    ['Quota individuale: 1.290 € in camera doppia', true],
    ['Visita di Jerash e rientro ad Amman.', false],
  ])('no listed stay: %s', (item, listed) => {
    expect(listedStayItem(item, listed)).toBeUndefined();
  });

  it.each([
    [
      'Hotel: Cavour Business, Milano · Check-in 16.11.2026 · Check-out 18.11.2026 (2 Nächte)',
      '2026-11-16',
      '2026-11-18',
    ],
    [
      'Hotel: Tivoli Oriente, Lisboa – entrada 04/05/2026, saída 06/05/2026',
      '2026-05-04',
      '2026-05-06',
    ],
    ['Arrivée le 3 mai 2026, départ le 5 mai 2026', '2026-05-03', '2026-05-05'],
    ['Entrada 03/05/2026 | Salida 05/05/2026', '2026-05-03', '2026-05-05'],
    ['Hotel Roma, arrivo 12/10/2026 · partenza 14/10/2026', '2026-10-12', '2026-10-14'],
    ['Check-in: Friday 17 April 2026 from 15:00', null, null],
  ])('labels along a line: %s', (line, checkIn, checkOut) => {
    expect(labelledDates(line, NOW, null)).toEqual({ checkIn, checkOut });
  });

  it('a hotels heading with its items on the same line, and one that is a single hotel', () => {
    expect(
      readHotelList([
        'Hoteles previstos: Amman – Jabal Amman Suites (2 noches); Petra – Petra Valley Gate (2 noches)',
      ]).stays.map((s) => s.name),
    ).toEqual(['Jabal Amman Suites', 'Petra Valley Gate']);
    expect(readHotelList(['Hotel: Hotel Roma (3 notti)']).stays).toEqual([]);
  });
});
