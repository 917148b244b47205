// schema.org events on a page (a concert ticket, a theatre booking, a match, a festival pass):
// JSON-LD or microdata, booked (EventReservation) or named alone, as activities on the event's
// day, with the trip's dates, countries and zone; beside a hotel booked on the same page.
import { describe, expect, it } from 'vitest';
import { readHtml } from '../../src/imports/extract/html.ts';
import { importOffline } from '../../src/imports/import-offline.ts';
import { readStructured } from '../../src/imports/structured/structured-draft.ts';

const NOW = new Date('2026-03-01T00:00:00Z');

/** The structured reading of an HTML page, as the extractingText and generatingBlocks stages make it. */
const readPage = (html: string) =>
  readStructured(
    {
      items: readHtml(html).items.map((data) => ({ kind: 'schema.org' as const, data })),
      subject: null,
    },
    NOW,
  );
const jsonLd = (...nodes: unknown[]) =>
  `<html><head><script type="application/ld+json">${JSON.stringify(nodes)}</script></head><body><p>Your tickets</p></body></html>`;
const activities = (r: ReturnType<typeof readPage>) =>
  r.blocks.flatMap((b) =>
    b.block.type === 'activity' ? [{ date: b.date, ...b.block.content }] : [],
  );

const venue = (name: string, town: string, country?: string) => ({
  '@type': 'Place',
  name,
  address: {
    '@type': 'PostalAddress',
    addressLocality: town,
    ...(country ? { addressCountry: country } : {}),
  },
});

describe('schema.org events as activities', () => {
  it.each([
    [
      'a bare Event',
      {
        '@type': 'Event',
        name: 'Flamenco night',
        startDate: '2026-06-12T21:00:00+02:00',
        location: venue('Tablao Cordobés', 'Barcelona', 'ES'),
      },
      { date: '2026-06-12', title: 'Flamenco night', time: '21:00', place: 'Tablao Cordobés' },
      { countries: ['ESP'], timezone: 'Europe/Madrid' },
    ],
    [
      'a TheaterEvent without a country (the town gives it)',
      {
        '@type': 'TheaterEvent',
        name: 'Hamlet',
        startDate: '2026-07-03T19:30:00+01:00',
        location: venue('Shakespeare’s Globe', 'London'),
      },
      { date: '2026-07-03', title: 'Hamlet', time: '19:30', place: 'Shakespeare’s Globe' },
      { countries: ['GBR'], timezone: 'Europe/London' },
    ],
    [
      'a MusicEvent starting in UTC (read in the venue’s zone)',
      {
        '@type': 'MusicEvent',
        name: 'Fado ao vivo',
        startDate: '2026-09-18T20:30:00Z',
        location: venue('Clube de Fado', 'Lisboa', 'PT'),
      },
      { date: '2026-09-18', title: 'Fado ao vivo', time: '21:30', place: 'Clube de Fado' },
      { countries: ['PRT'], timezone: 'Europe/Lisbon' },
    ],
    [
      'a SportsEvent inside an Order',
      {
        '@type': 'Order',
        orderNumber: 'SR-1',
        acceptedOffer: {
          '@type': 'Offer',
          itemOffered: {
            '@type': 'SportsEvent',
            name: 'Lazio – Roma',
            startDate: '2026-04-19T18:00:00+02:00',
            location: venue('Stadio Olimpico', 'Roma', 'IT'),
          },
        },
      },
      { date: '2026-04-19', title: 'Lazio – Roma', time: '18:00', place: 'Stadio Olimpico' },
      { countries: ['ITA'], timezone: 'Europe/Rome' },
    ],
    [
      'a Festival pass over three days',
      {
        '@type': 'EventReservation',
        reservationNumber: 'FEST-9',
        reservationFor: {
          '@type': 'Festival',
          name: 'Festival Nuits de Fourvière',
          startDate: '2026-06-26',
          endDate: '2026-06-28',
          location: venue('Théâtre antique de Fourvière', 'Lyon', 'FR'),
        },
      },
      {
        date: '2026-06-26',
        title: 'Festival Nuits de Fourvière',
        time: null,
        place: 'Théâtre antique de Fourvière',
        description: 'Booking FEST-9',
      },
      { countries: ['FRA'], timezone: 'Europe/Paris' },
    ],
  ])('reads %s', (_name, node, activity, trip) => {
    const result = readPage(jsonLd(node));
    expect(activities(result)).toEqual([expect.objectContaining(activity)]);
    expect(result).toMatchObject(trip);
  });

  it('reads microdata: an EventReservation of a MusicEvent with its venue, and a hotel', () => {
    const result = readPage(`<html><body>
      <div itemscope itemtype="https://schema.org/EventReservation">
        <span itemprop="reservationNumber">KZ-4410</span>
        <div itemprop="reservationFor" itemscope itemtype="https://schema.org/MusicEvent">
          <h2 itemprop="name">Berliner Philharmoniker: Brahms</h2>
          <time itemprop="startDate" datetime="2026-05-22T20:00:00+02:00">Fr, 22.05.2026, 20 Uhr</time>
          <div itemprop="location" itemscope itemtype="https://schema.org/Place">
            <span itemprop="name">Philharmonie Berlin</span>
            <div itemprop="address" itemscope itemtype="https://schema.org/PostalAddress">
              <span itemprop="addressLocality">Berlin</span>
              <meta itemprop="addressCountry" content="DE">
            </div>
          </div>
        </div>
      </div>
      <div itemscope itemtype="https://schema.org/LodgingReservation">
        <meta itemprop="checkinDate" content="2026-05-22">
        <meta itemprop="checkoutDate" content="2026-05-24">
        <div itemprop="reservationFor" itemscope itemtype="https://schema.org/Hotel">
          <span itemprop="name">Hotel Tiergarten</span>
          <div itemprop="address" itemscope itemtype="https://schema.org/PostalAddress">
            <span itemprop="addressLocality">Berlin</span>
          </div>
        </div>
      </div>
    </body></html>`);
    expect(activities(result)).toEqual([
      {
        date: '2026-05-22',
        title: 'Berliner Philharmoniker: Brahms',
        time: '20:00',
        description: 'Booking KZ-4410',
        place: 'Philharmonie Berlin',
      },
    ]);
    expect(result.blocks.map((b) => [b.block.type, b.date, b.until]).sort()).toEqual([
      ['accommodation', '2026-05-22', '2026-05-24'],
      ['activity', '2026-05-22', '2026-05-22'],
    ]);
    expect(result).toMatchObject({ countries: ['DEU'], timezone: 'Europe/Berlin' });
  });

  it('leaves out cancelled and postponed events, and a venue’s programme of many events', () => {
    const cancelled = readPage(
      jsonLd(
        {
          '@type': 'Event',
          name: 'Cancelled gig',
          eventStatus: 'https://schema.org/EventCancelled',
          startDate: '2026-05-02T20:00:00+02:00',
        },
        {
          '@type': 'DeliveryEvent',
          name: 'Parcel delivery',
          startDate: '2026-05-02T10:00:00+02:00',
        },
      ),
    );
    expect(activities(cancelled)).toEqual([]);
    const programme = readPage(
      jsonLd(
        ...Array.from({ length: 8 }, (_, i) => ({
          '@type': 'MusicEvent',
          name: `Concert ${i + 1}`,
          startDate: `2026-05-${String(i + 10)}T20:00:00+02:00`,
          location: venue('Konzerthaus', 'Wien', 'AT'),
        })),
      ),
    );
    expect(activities(programme)).toEqual([]);
  });

  it('makes a ticket page with a hotel one trip: both bookings on their days, its dates, country and zone', async () => {
    const page = jsonLd(
      {
        '@type': 'EventReservation',
        reservationNumber: 'OP-311',
        reservationFor: {
          '@type': 'TheaterEvent',
          name: 'La traviata',
          startDate: '2026-10-09T20:00:00+02:00',
          location: venue('Teatro La Fenice', 'Venezia', 'IT'),
        },
      },
      {
        '@type': 'LodgingReservation',
        reservationNumber: 'H-52',
        checkinDate: '2026-10-09',
        checkoutDate: '2026-10-11',
        reservationFor: {
          '@type': 'Hotel',
          name: 'Ca’ dei Dogi',
          address: venue('', 'Venezia').address,
        },
      },
    );
    const { draft } = await importOffline(
      { type: 'inline', data: Buffer.from(page).toString('base64'), filename: 'tickets.html' },
      { now: NOW },
    );
    expect([draft.dateStart, draft.dateFinish, draft.countries, draft.timezone]).toEqual([
      '2026-10-09',
      '2026-10-11',
      ['ITA'],
      'Europe/Rome',
    ]);
    const day = draft.days.find((d) => d.date === '2026-10-09');
    expect(day?.blocks.map((b) => b.type)).toEqual(
      expect.arrayContaining(['accommodation', 'activity']),
    );
    expect(day?.blocks.find((b) => b.type === 'activity')?.content).toMatchObject({
      title: 'La traviata',
      time: '20:00',
      place: 'Teatro La Fenice',
    });
  });
});
