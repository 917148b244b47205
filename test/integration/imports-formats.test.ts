// The AI import of each structured format over HTTP: POST /ai/trips/from-document with an inline
// HTML page (schema.org JSON-LD beside its visible text), a MIME email (quoted-printable body,
// an .ics attachment), an iCalendar file, a boarding-pass barcode image, and a JSON booking
// export as text; then the trip and its configuration read back through the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopOcr } from '../../src/imports/extract/ocr.ts';
import { barcodePng } from '../helpers/barcodes.ts';
import { anAccount, type AccountFixture } from '../helpers/fixtures.ts';
import { startTestApp, type TestService } from '../helpers/service.ts';

let api: TestService;
let account: AccountFixture;

beforeAll(async () => {
  api = await startTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  account = await anAccount(api.prisma);
});
afterAll(async () => {
  await api?.stop();
  await stopOcr();
});

const inline = (content: string | Buffer, filename: string) => ({
  source: { type: 'inline', data: Buffer.from(content).toString('base64'), filename },
});

/** Imports through the API listener, waits for the job, and reads the trip and its configuration back over HTTP. */
async function importTrip(body: unknown, timeoutMs = 30_000) {
  const res = await api.request('POST /ai/trips/from-document', { key: account.owner.key, body });
  expect(res.status, res.text).toBe(202);
  const deadline = Date.now() + timeoutMs;
  let status;
  do {
    await new Promise((resolve) => setTimeout(resolve, 100));
    status = await api.request(`GET /ai/trips/${res.body.jobId}/status`, {
      key: account.owner.key,
    });
  } while (status.body.status === 'processing' && Date.now() < deadline);
  expect(status.body, JSON.stringify(status.body)).toMatchObject({ status: 'completed' });
  const trip = await api.request(`GET /trips/${status.body.tripId}`, { key: account.owner.key });
  const config = await api.request(`GET /trips/${status.body.tripId}/config`, {
    key: account.owner.key,
  });
  expect([trip.status, config.status]).toEqual([200, 200]);
  const job = await api.prisma.importJob.findUniqueOrThrow({ where: { publicId: res.body.jobId } });
  const itinerary = config.body.blocks.find((b: any) => b.type === 'itinerary');
  const days = itinerary.children.map((d: any) => ({
    ...d.content,
    blocks: d.children.map((c: any) => ({ type: c.type, ...c.content })),
  }));
  // The API answers dates as timestamps at midnight UTC: compared here by their day.
  const day = (value: string | null) => value?.slice(0, 10) ?? null;
  return {
    trip: {
      ...trip.body,
      dateStart: day(trip.body.dateStart),
      dateFinish: day(trip.body.dateFinish),
    },
    config: config.body,
    days,
    job,
    log: (job.log as Array<{ message: string }>).map((l) => l.message),
  };
}

const HTML = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Booking QX7LMN | Sunway Travel</title>
<script type="application/ld+json">{"@context":"https://schema.org","@graph":[
 {"@type":"FlightReservation","reservationNumber":"QX7LMN","reservationFor":{"@type":"Flight","flightNumber":"548","airline":{"@type":"Airline","name":"British Airways","iataCode":"BA"},
  "departureAirport":{"@type":"Airport","iataCode":"LHR"},"arrivalAirport":{"@type":"Airport","iataCode":"FCO"},"departureTime":"2026-05-08T08:15:00+01:00","arrivalTime":"2026-05-08T11:50:00+02:00"}},
 {"@type":"LodgingReservation","reservationNumber":"H-99812","reservationFor":{"@id":"#artemide"},"checkinTime":"2026-05-08T14:00:00+02:00","checkoutTime":"2026-05-11T11:00:00+02:00","totalPrice":"690.00","priceCurrency":"EUR"},
 {"@id":"#artemide","@type":"Hotel","name":"Hotel Artemide","address":{"@type":"PostalAddress","addressLocality":"Rome","addressCountry":"IT"}},
 {"@type":"FlightReservation","reservationNumber":"QX7LMN","reservationFor":{"@type":"Flight","flightNumber":"BA553","departureAirport":{"@type":"Airport","iataCode":"FCO"},"arrivalAirport":{"@type":"Airport","iataCode":"LHR"},"departureTime":"2026-05-11T19:05:00+02:00","arrivalTime":"2026-05-11T20:55:00+01:00"}}]}</script>
</head><body><div id="cookie-banner">We use cookies to improve your experience. <button>Accept</button></div>
<nav><a href="/">Home</a> <a href="/deals">Deals to Spain</a></nav>
<h1>Your long weekend in Rome</h1><p>Dear Anna, your trip is confirmed.</p>
<table><tr><th>Flight</th><th>From</th><th>To</th><th>Date</th></tr>
<tr><td>BA548</td><td>London Heathrow 08:15</td><td>Rome Fiumicino 11:50</td><td>8 May 2026</td></tr>
<tr><td>BA553</td><td>Rome Fiumicino 19:05</td><td>London Heathrow 20:55</td><td>11 May 2026</td></tr></table>
<p>Hotel Artemide, Rome: 3 nights from 8 May 2026.</p><footer>Sunway Travel Ltd · Madrid · Unsubscribe</footer></body></html>`;

describe('POST /ai/trips/from-document with structured formats', () => {
  it('an HTML confirmation: the JSON-LD bookings in the days of their dates, the page noise left out', async () => {
    const { trip, days, config, job, log } = await importTrip(inline(HTML, 'booking.html'));
    expect(job).toMatchObject({ mediaType: 'text/html', aiCredits: 1 });
    expect(trip).toMatchObject({
      dateStart: '2026-05-08',
      dateFinish: '2026-05-11',
      duration: 4,
      countries: ['ITA'],
    });
    expect(days.map((d: any) => [d.day, d.date])).toEqual([
      [1, '2026-05-08'],
      [2, '2026-05-09'],
      [3, '2026-05-10'],
      [4, '2026-05-11'],
    ]);
    const blocks = days.flatMap((d: any) => d.blocks.map((b: any) => ({ day: d.day, ...b })));
    expect(blocks.filter((b: any) => b.type === 'flight')).toEqual([
      expect.objectContaining({
        day: 1,
        flightNumber: 'BA548',
        airline: 'British Airways',
        departureAirport: 'LHR',
        arrivalAirport: 'FCO',
        departureTime: '08:15',
        arrivalTime: '11:50',
        bookingReference: 'QX7LMN',
      }),
      expect.objectContaining({
        day: 4,
        flightNumber: 'BA553',
        airline: 'British Airways',
        departureTime: '19:05',
      }),
    ]);
    expect(blocks.filter((b: any) => b.type === 'accommodation')).toEqual([
      expect.objectContaining({
        day: 1,
        name: 'Hotel Artemide',
        checkIn: '2026-05-08',
        checkOut: '2026-05-11',
        nights: 3,
        city: 'Rome',
      }),
    ]);
    expect(JSON.stringify(config)).not.toMatch(/cookies|Unsubscribe|Deals to Spain/);
    expect(config.blocks.find((b: any) => b.type === 'price').content).toMatchObject({
      amount: 690,
      currency: 'EUR',
    });
    expect(log.join('\n')).toMatch(/structured items: 3 schema\.org/);
    expect(log.join('\n')).toMatch(/Structured data: 2 flight, 1 accommodation/);
  });

  it('a MIME email: its quoted-printable body read, its .ics attachment a dated activity; two credits', async () => {
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Sunway//EN',
      'BEGIN:VEVENT',
      'UID:tour-1@sunway.example',
      'SUMMARY:Vatican Museums guided tour',
      'DTSTART;TZID=Europe/Rome:20260509T090000',
      'DTEND;TZID=Europe/Rome:20260509T120000',
      'LOCATION:Viale Vaticano, Roma',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const eml = [
      'From: Sunway Travel <trips@sunway.example>',
      'To: anna@example.com',
      'Subject: Your Rome weekend: tour tickets',
      'Date: Tue, 13 Jan 2026 09:30:00 +0100',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="mix"',
      '',
      '--mix',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Dear Anna,',
      '',
      'your guided tour of the Vatican Museums is booked for Saturday 9 May 2026 at 09:00 =E2=80=93 meet at the entrance on Viale Vatica=',
      'no.',
      '',
      '--mix',
      'Content-Type: text/calendar; charset=utf-8; name="tour.ics"',
      'Content-Disposition: attachment; filename="tour.ics"',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from(ics).toString('base64'),
      '--mix--',
      '',
    ].join('\r\n');
    const { days, job, log } = await importTrip(inline(eml, 'tickets.eml'));
    expect(job).toMatchObject({ mediaType: 'message/rfc822', aiCredits: 2 });
    expect(job.extractedText).toContain('meet at the entrance on Viale Vaticano.');
    const day = days.find((d: any) => d.date === '2026-05-09');
    expect(day.blocks).toContainEqual(
      expect.objectContaining({
        type: 'activity',
        title: 'Vatican Museums guided tour',
        time: '09:00',
        place: 'Viale Vaticano, Roma',
      }),
    );
    expect(log.join('\n')).toMatch(/Attachment tour\.ics: ICS/);
  });

  it('an iCalendar file: each event on the day of its local date, a flight by its number and airports', async () => {
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Test//EN',
      'X-WR-CALNAME:Lisbon weekend',
      'BEGIN:VEVENT',
      'UID:1',
      'SUMMARY:Flight TP1351 London (LHR) - Lisbon (LIS)',
      'DTSTART;TZID=Europe/London:20260414T074500',
      'DTEND;TZID=Europe/Lisbon:20260414T102500',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:2',
      'SUMMARY:Hotel Avenida Palace',
      'DTSTART;VALUE=DATE:20260414',
      'DTEND;VALUE=DATE:20260416',
      'LOCATION:Rua 1º de Dezembro 123, Lisboa',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:3',
      'SUMMARY:Pena Palace visit',
      'DTSTART;TZID=Europe/Lisbon:20260415T093000',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const { trip, days, config, job } = await importTrip(inline(ics, 'trip.ics'));
    expect(job.mediaType).toBe('text/calendar');
    expect(trip).toMatchObject({
      dateStart: '2026-04-14',
      dateFinish: '2026-04-16',
      duration: 3,
      countries: ['PRT'],
    });
    expect(days.map((d: any) => [d.date, d.blocks.map((b: any) => b.type)])).toEqual([
      ['2026-04-14', ['flight', 'accommodation']],
      ['2026-04-15', ['activity']],
      ['2026-04-16', []],
    ]);
    expect(days[0].blocks[0]).toMatchObject({
      flightNumber: 'TP1351',
      departureAirport: 'LHR',
      arrivalAirport: 'LIS',
      departureTime: '07:45',
      arrivalTime: '10:25',
    });
    expect(days[0].blocks[1]).toMatchObject({
      name: 'Hotel Avenida Palace',
      checkIn: '2026-04-14',
      checkOut: '2026-04-16',
      nights: 2,
    });
    expect(config.settings).toBeDefined();
  });

  it('a boarding pass photographed: the PDF417 barcode decoded into the flight, dated near today', async () => {
    const flightDay = new Date(Date.now() + 40 * 86_400_000);
    const dayOfYear =
      Math.round(
        (Date.UTC(flightDay.getUTCFullYear(), flightDay.getUTCMonth(), flightDay.getUTCDate()) -
          Date.UTC(flightDay.getUTCFullYear(), 0, 1)) /
          86_400_000,
      ) + 1;
    const bcbp = `M1${'DOE/JOHN'.padEnd(20)}EABC123 LHRFCOBA 0548 ${String(dayOfYear).padStart(3, '0')}Y014C0001 100`;
    const { days, job, log } = await importTrip(
      inline(await barcodePng(bcbp), 'boarding-pass.png'),
      60_000,
    );
    expect(job).toMatchObject({ mediaType: 'image/png', aiCredits: 1 });
    const flights = days.flatMap((d: any) => d.blocks.filter((b: any) => b.type === 'flight'));
    expect(flights).toEqual([
      expect.objectContaining({
        flightNumber: 'BA548',
        departureAirport: 'LHR',
        arrivalAirport: 'FCO',
        date: flightDay.toISOString().slice(0, 10),
        bookingReference: 'ABC123',
      }),
    ]);
    expect(log.join('\n')).toMatch(/1 bcbp/);
  }, 90_000);

  it('a JSON booking export sent as text: segments mapped by their keys, amounts in cents', async () => {
    const { trip, days, config } = await importTrip({
      source: {
        type: 'text',
        text: {
          booking_ref: 'SUN-48213',
          trip_name: 'Andalusia Fly & Drive',
          currency: 'EUR',
          travellers: [{ name: 'Ana' }, { name: 'Luis' }],
          pricing: { total_cents: 248000, deposit_cents: 50000, deposit_due_date: '2026-02-01' },
          segments: [
            {
              type: 'flight',
              carrier: 'IB',
              flight_number: '3166',
              origin: 'BCN',
              destination: 'SVQ',
              departure: '2026-04-10T07:35:00+02:00',
              arrival: '2026-04-10T09:20:00+02:00',
            },
            {
              type: 'hotel',
              name: 'Hotel Alfonso XIII',
              city: 'Sevilla',
              country: 'ES',
              checkIn: '2026-04-10',
              checkOut: '2026-04-13',
            },
            {
              type: 'car',
              pickupDateTime: '2026-04-13T10:00:00+02:00',
              pickupLocation: 'Sevilla Santa Justa',
              dropoffDateTime: '2026-04-16T18:00:00+02:00',
              dropoffLocation: 'Málaga Airport',
              supplier: 'Europcar',
            },
          ],
        },
      },
    });
    expect(trip).toMatchObject({
      title: 'Andalusia Fly & Drive',
      dateStart: '2026-04-10',
      dateFinish: '2026-04-16',
      duration: 7,
      countries: ['ESP'],
    });
    expect(days[0].blocks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'flight',
          flightNumber: 'IB3166',
          departureTime: '07:35',
          arrivalAirport: 'SVQ',
        }),
        expect.objectContaining({ type: 'accommodation', name: 'Hotel Alfonso XIII', nights: 3 }),
      ]),
    );
    expect(days[3].blocks).toContainEqual(
      expect.objectContaining({
        type: 'transport',
        mode: 'carRental',
        from: 'Sevilla Santa Justa',
        operator: 'Europcar',
        arrivalDate: '2026-04-16',
      }),
    );
    expect(config.blocks.find((b: any) => b.type === 'price').content).toMatchObject({
      amount: 2480,
      currency: 'EUR',
      per: 'total',
      travellers: 2,
    });
  });
});
