// The import's document readers: formats told by content, HTML (visible text without noise,
// tables as rows, JSON-LD with @graph and references, microdata), MIME email (multipart,
// quoted-printable, base64, attachments read as documents of their own), iCalendar with TZID,
// boarding-pass barcodes in images and PDFs, and IATA BCBP decoding.
import { afterAll, describe, expect, it } from 'vitest';
import { detectMediaType } from '../../src/imports/document.ts';
import { scanBarcodes } from '../../src/imports/extract/barcode.ts';
import { readCalendar } from '../../src/imports/extract/calendar.ts';
import { extractText } from '../../src/imports/extract/extract-text.ts';
import { readHtml } from '../../src/imports/extract/html.ts';
import { stopOcr } from '../../src/imports/extract/ocr.ts';
import { decodeBcbp, nearestDayOfYear } from '../../src/imports/structured/bcbp.ts';
import { barcodePng, barcodeRgb } from '../helpers/barcodes.ts';
import { miniPdf } from '../helpers/mini-pdf.ts';

afterAll(() => stopOcr());

const bytes = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'));
/** Header (format, legs, name in 20, e-ticket) then each leg's 37 mandatory characters and its conditional field. */
const leg = (
  pnr: string,
  from: string,
  to: string,
  carrier: string,
  flight: string,
  day: string,
  cabin: string,
  seat: string,
  seq: string,
  conditional = '',
) =>
  `${pnr.padEnd(7)}${from}${to}${carrier.padEnd(3)}${flight.padEnd(5)}${day}${cabin}${seat}${seq.padEnd(5)}1${conditional.length.toString(16).toUpperCase().padStart(2, '0')}${conditional}`;
const BCBP = `M1${'DOE/JOHN MR'.padEnd(20)}E${leg('ABC123', 'LHR', 'FCO', 'BA', '0548', '128', 'Y', '014C', '0001')}`;

describe('detectMediaType', () => {
  it('tells HTML, EML, ICS, text and binary formats by content, whatever the name', () => {
    expect(detectMediaType(bytes('<!DOCTYPE html><html><body>x</body></html>'))).toBe('text/html');
    expect(
      detectMediaType(
        bytes('\n  <html lang="en"><head><meta charset="utf-8"></head><body></body></html>'),
      ),
    ).toBe('text/html');
    expect(detectMediaType(bytes('<table><tr><td>Day 1</td></tr></table>'))).toBe('text/html');
    expect(
      detectMediaType(
        bytes('From: Agency <a@b.example>\r\nTo: c@d.example\r\nSubject: Trip\r\n\r\nHello'),
      ),
    ).toBe('message/rfc822');
    expect(
      detectMediaType(
        bytes(
          'Return-Path: <a@b.example>\nReceived: from x\n  by y\nDate: Tue, 1 Sep 2026 10:00:00 +0000\nMIME-Version: 1.0\n\nbody',
        ),
      ),
    ).toBe('message/rfc822');
    expect(detectMediaType(bytes('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n'))).toBe(
      'text/calendar',
    );
    // A plan with "Title:" lines is text, not an email.
    expect(detectMediaType(bytes('Title: Rome\nDates: 8-11 May\n\nDay 1: arrival'))).toBe(
      'text/plain',
    );
    expect(detectMediaType(bytes('Day 1 <b>is</b> arrival in Rome'))).toBe('text/plain');
    expect(detectMediaType(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]))).toBeUndefined();
    expect(detectMediaType(bytes('GIF89a\u0001\u0000'))).toBeUndefined();
  });
});

describe('readHtml', () => {
  it('keeps the visible content: no scripts, menus, breadcrumbs, cookie banners, ratings, hidden elements, forms, site header or footer', () => {
    const { text } =
      readHtml(`<!doctype html><html><head><title>Rome | Agency</title><style>p{}</style></head><body>
      <header class="site-header"><a href="/">Agency</a> <ul><li>Home</li><li>Tours</li></ul></header>
      <nav><a>Destinations</a></nav>
      <div id="cookie-consent">We use cookies. <button>Accept all</button></div>
      <main><p><a href="/">Home</a> › <a href="/italy">Italy</a> › Rome</p><article><header><h1>Rome Long Weekend</h1></header>
        <div class="rating">★★★★★ 4.9 (1,284 reviews)</div>
        <p>Day 1: arrival in <b>Rome</b>,<br>check-in at Hotel Artemide.</p>
        <p style="display: none">Hidden tracking text</p><span hidden>also hidden</span>
        <div class="reviews">Great trip! 5 stars</div>
        <table><thead><tr><th>Day</th><th>Date</th><th>Plan</th></tr></thead>
          <tbody><tr><td>2</td><td>9 May</td><td>Vatican Museums at 09:00</td></tr></tbody></table>
      </article></main>
      <aside>Related trips</aside>
      <form><input name="q"> Search</form>
      <footer>© Agency 2026 · Privacy</footer><script>var x = "Day 9: nothing";</script>
    </body></html>`);
    expect(text.split('\n')).toEqual([
      'Rome Long Weekend',
      'Day 1: arrival in Rome,',
      'check-in at Hotel Artemide.',
      'Day | Date | Plan',
      '2 | 9 May | Vatican Museums at 09:00',
    ]);
  });

  it('reads an email layout table (cells holding paragraphs) as blocks, and a fragment without <html>', () => {
    const { text } = readHtml(
      '<table><tr><td><p>Dear Ana,</p><p>your booking is confirmed.</p><p>Flight IB3166</p></td><td><table><tr><td>From</td><td>MAD</td></tr></table></td></tr></table>',
    );
    expect(text.split('\n')).toEqual([
      'Dear Ana,',
      'your booking is confirmed.',
      'Flight IB3166',
      'From | MAD',
    ]);
  });

  it('keeps a page-wide wrapper that happens to be a form or carry a noisy class', () => {
    const { text } = readHtml(
      `<html><body><form id="aspnetForm"><div class="page-menu-wrapper"><h1>Circuito Perú</h1><p>${'Día 1: Lima. '.repeat(30)}</p></div></form></body></html>`,
    );
    expect(text).toContain('Circuito Perú');
  });

  it('reads JSON-LD: arrays, @graph, nested objects and @id references; lenient about trailing commas', () => {
    const { items } = readHtml(`<html><head>
      <script type="application/ld+json">[{"@context":"https://schema.org","@type":"FlightReservation","reservationNumber":"X1","reservationFor":{"@type":"Flight","flightNumber":"548",}}]</script>
      <script type="application/ld+json">{"@context":"https://schema.org","@graph":[
        {"@type":"LodgingReservation","reservationNumber":"H9","reservationFor":{"@id":"#hotel"}},
        {"@id":"#hotel","@type":"LodgingBusiness","name":"Hotel Artemide"}]}</script>
      <script type="application/ld+json">not json at all</script></head><body></body></html>`);
    expect(items).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'FlightReservation',
        reservationNumber: 'X1',
        reservationFor: { '@type': 'Flight', flightNumber: '548' },
      },
      {
        '@type': 'LodgingReservation',
        reservationNumber: 'H9',
        reservationFor: { '@id': '#hotel', '@type': 'LodgingBusiness', name: 'Hotel Artemide' },
      },
    ]);
  });

  it('reads microdata, nested items and meta/time values, even inside hidden elements', () => {
    const { items, text } =
      readHtml(`<html><body><div itemscope itemtype="http://schema.org/FlightReservation" style="display:none">
      <meta itemprop="reservationNumber" content="RXJ34P"/>
      <div itemprop="reservationFor" itemscope itemtype="http://schema.org/Flight">
        <meta itemprop="flightNumber" content="110"/>
        <div itemprop="airline" itemscope itemtype="http://schema.org/Airline"><span itemprop="iataCode">UA</span><meta itemprop="name" content="United"/></div>
        <time itemprop="departureTime" datetime="2027-03-04T20:15:00-08:00">Mar 4</time>
      </div></div><p>Visible text</p></body></html>`);
    expect(items).toEqual([
      {
        '@type': 'FlightReservation',
        reservationNumber: 'RXJ34P',
        reservationFor: {
          '@type': 'Flight',
          flightNumber: '110',
          airline: { '@type': 'Airline', iataCode: 'UA', name: 'United' },
          departureTime: '2027-03-04T20:15:00-08:00',
        },
      },
    ]);
    expect(text).toBe('Visible text');
  });
});

describe('readCalendar', () => {
  it('leaves out a recurring event (a weekly meeting) beside events that happen once', () => {
    const calendar = (...events: string[][]) =>
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Test//EN',
        ...events.flat(),
        'END:VCALENDAR',
        '',
      ].join('\r\n');
    const event = (uid: string, summary: string, start: string, rrule?: string) => [
      'BEGIN:VEVENT',
      `UID:${uid}`,
      `SUMMARY:${summary}`,
      `DTSTART;TZID=Europe/Paris:${start}`,
      ...(rrule ? [`RRULE:${rrule}`] : []),
      'END:VEVENT',
    ];
    const trip = readCalendar(
      calendar(
        event('1', 'Train Paris - Lyon', '20270316T071400'),
        event('2', 'Point hebdo', '20270322T090000', 'FREQ=WEEKLY;COUNT=10'),
      ),
    );
    expect(trip.events.map((e) => e.summary)).toEqual(['Train Paris - Lyon']);
    // A calendar of recurring events only keeps them: nothing else says what the trip is.
    const routine = readCalendar(
      calendar(event('2', 'Point hebdo', '20270322T090000', 'FREQ=WEEKLY;COUNT=10')),
    );
    expect(routine.events.map((e) => e.summary)).toEqual(['Point hebdo']);
  });

  it('reads VEVENTs with the wall-clock time of their TZID, all-day events, and UTC times in X-WR-TIMEZONE', () => {
    const { events } = readCalendar(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Test//EN',
        'X-WR-TIMEZONE:Europe/Lisbon',
        'BEGIN:VTIMEZONE',
        'TZID:Europe/London',
        'BEGIN:STANDARD',
        'DTSTART:19701025T020000',
        'TZOFFSETFROM:+0100',
        'TZOFFSETTO:+0000',
        'END:STANDARD',
        'END:VTIMEZONE',
        'BEGIN:VEVENT',
        'UID:3',
        'SUMMARY:Tram 28 tour',
        'DTSTART:20260415T083000Z',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:1',
        'SUMMARY:Flight TP1351 London - Lisbon',
        'DTSTART;TZID=Europe/London:20260414T074500',
        'DTEND;TZID=Europe/Lisbon:20260414T102500',
        'LOCATION:London Heathrow',
        'DESCRIPTION:Booking ABC123\\nSeat 12A',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:2',
        'SUMMARY:Hotel Avenida Palace',
        'DTSTART;VALUE=DATE:20260414',
        'DTEND;VALUE=DATE:20260416',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
    expect(events).toEqual([
      {
        summary: 'Hotel Avenida Palace',
        description: null,
        location: null,
        start: { date: '2026-04-14', time: null, timezone: null },
        end: { date: '2026-04-16', time: null, timezone: null },
      },
      {
        summary: 'Flight TP1351 London - Lisbon',
        description: 'Booking ABC123\nSeat 12A',
        location: 'London Heathrow',
        start: { date: '2026-04-14', time: '07:45', timezone: 'Europe/London' },
        end: { date: '2026-04-14', time: '10:25', timezone: 'Europe/Lisbon' },
      },
      // 08:30 UTC is 09:30 in Lisbon in April (summer time).
      {
        summary: 'Tram 28 tour',
        description: null,
        location: null,
        start: { date: '2026-04-15', time: '09:30', timezone: 'Europe/Lisbon' },
        end: null,
      },
    ]);
  });

  it('reads a calendar of day events ("Jour 1 – ...") as a programme\'s text, keeping its other events', () => {
    const day = (n: number, date: string, title: string, description: string) => [
      'BEGIN:VEVENT',
      `UID:d${n}`,
      `SUMMARY:Jour ${n} – ${title}`,
      `DTSTART;VALUE=DATE:${date}`,
      `DESCRIPTION:${description}`,
      'END:VEVENT',
    ];
    const calendar = readCalendar(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'X-WR-CALNAME:Islande – la route du Sud',
        ...day(1, '20270703', 'Arrivée à Reykjavik', 'Nuit : Hôtel Borgarljós\\, Reykjavik.'),
        ...day(2, '20270704', "Le Cercle d'Or", 'Nuit : Gîte Geysir Sud.'),
        'BEGIN:VEVENT',
        'UID:z',
        'SUMMARY:Croisière en zodiac',
        'DTSTART;TZID=Atlantic/Reykjavik:20270706T140000',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
    expect(calendar).toMatchObject({ programme: true, name: 'Islande – la route du Sud' });
    expect(calendar.text.split('\n')).toEqual([
      'Islande – la route du Sud',
      '',
      'Jour 1 – Arrivée à Reykjavik',
      'Nuit : Hôtel Borgarljós, Reykjavik.',
      '',
      "Jour 2 – Le Cercle d'Or",
      'Nuit : Gîte Geysir Sud.',
    ]);
    expect(calendar.events.map((e) => e.summary)).toEqual(['Croisière en zodiac']);
  });

  it('answers no events for a broken calendar', () => {
    expect(readCalendar('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:garbage').events).toEqual([]);
  });
});

describe('BCBP', () => {
  it('decodes the mandatory fields of each leg', () => {
    expect(decodeBcbp(BCBP, new Date('2026-01-15T00:00:00Z'))).toEqual([
      {
        passengerName: 'John Doe',
        bookingReference: 'ABC123',
        from: 'LHR',
        to: 'FCO',
        carrier: 'BA',
        flightNumber: 'BA548',
        date: '2026-05-08',
        compartment: 'Y',
        seat: '14C',
      },
    ]);
    // Two legs: the second starts after the first's conditional field (size in hex).
    const twoLegs = `M2${'SMITH/ANNA'.padEnd(20)}E${leg('XYZ789', 'MAD', 'CDG', 'AF', '1001', '300', 'Y', '023A', '0012', '>5180  B1A')}${leg('XYZ789', 'CDG', 'JFK', 'AF', '0006', '301', 'J', '002K', '0003')}`;
    const legs = decodeBcbp(twoLegs, new Date('2026-09-01T00:00:00Z'));
    expect(legs.map((l) => [l.flightNumber, l.from, l.to, l.date, l.seat])).toEqual([
      ['AF1001', 'MAD', 'CDG', '2026-10-27', '23A'],
      ['AF6', 'CDG', 'JFK', '2026-10-28', '2K'],
    ]);
    expect(decodeBcbp('not a boarding pass', new Date())).toEqual([]);
    expect(
      decodeBcbp(
        `M1${'DOE/JOHN'.padEnd(20)}E${leg('ABC123', 'LHR', 'FCO', 'BA', '0548', '999', 'Y', '014C', '0001')}`,
        new Date(),
      ),
    ).toEqual([]);
  });

  it('puts the day of the year in the year nearest to now, across New Year', () => {
    expect(nearestDayOfYear(1, new Date('2026-12-20T00:00:00Z'))).toBe('2027-01-01');
    expect(nearestDayOfYear(360, new Date('2027-01-03T00:00:00Z'))).toBe('2026-12-26');
    expect(nearestDayOfYear(60, new Date('2028-02-01T00:00:00Z'))).toBe('2028-02-29'); // leap year
    expect(nearestDayOfYear(366, new Date('2026-06-01T00:00:00Z'))).toBeNull(); // no leap year within one of now
  });
});

describe('extractText', () => {
  it('reads a boarding-pass barcode in every symbology from a PNG', async () => {
    for (const symbology of ['pdf417', 'azteccode', 'qrcode', 'datamatrix'] as const) {
      const png = await barcodePng(BCBP, symbology);
      const { structured } = await extractText(png, 'image/png');
      expect(structured.items, symbology).toEqual([{ kind: 'bcbp', data: BCBP }]);
    }
  }, 60_000);

  it('reads an upright code in a lean pass and a rotated one in the thorough pass', async () => {
    const { rgb, width, height } = barcodeRgb(BCBP, 'azteccode', 3);
    const rgba = (w: number, h: number, at: (x: number, y: number) => number) => {
      const data = new Uint8ClampedArray(w * h * 4);
      for (let y = 0; y < h; y++)
        for (let x = 0; x < w; x++) {
          const v = at(x, y);
          data.set([v, v, v, 255], (y * w + x) * 4);
        }
      return { data, width: w, height: h };
    };
    expect(await scanBarcodes(rgba(width, height, (x, y) => rgb[(y * width + x) * 3]!))).toEqual([
      BCBP,
    ]);
    // Turned a quarter: column x of the image is row x of the code.
    const pdf417 = barcodeRgb(BCBP, 'pdf417', 2);
    expect(
      await scanBarcodes(
        rgba(pdf417.height, pdf417.width, (x, y) => pdf417.rgb[(x * pdf417.width + y) * 3]!),
      ),
    ).toEqual([BCBP]);
    expect(await scanBarcodes(rgba(300, 200, () => 255))).toEqual([]);
  });

  it('reads a barcode from the image of a PDF page, and the page text', async () => {
    const pdf = miniPdf([
      {
        lines: ['Boarding pass', 'BA 548 London Heathrow - Rome Fiumicino'],
        image: barcodeRgb(BCBP),
      },
    ]);
    const extracted = await extractText(pdf, 'application/pdf');
    expect(extracted).toMatchObject({
      credits: 1,
      pages: 1,
      structured: { items: [{ kind: 'bcbp', data: BCBP }] },
    });
    expect(extracted.text).toContain('BA 548 London Heathrow');
  });

  it('reads a JSON text as a structured item too', async () => {
    const { structured, text } = await extractText(
      bytes('{"booking":{"segments":[]}}'),
      'text/plain',
    );
    expect(structured.items).toEqual([{ kind: 'json', data: { booking: { segments: [] } } }]);
    expect(text).toBe('{"booking":{"segments":[]}}');
  });

  it('reads an email: quoted-printable text body, HTML markup, base64 attachments (calendar, HTML, PDF) as parts of their own', async () => {
    const ics =
      'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:x\r\nSUMMARY:Walking tour\r\nDTSTART;TZID=Europe/Rome:20260509T090000\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';
    const html =
      '<html><body><script type="application/ld+json">{"@type":"LodgingReservation","reservationNumber":"H1"}</script><p>Hotel voucher</p></body></html>';
    const pdf = miniPdf([
      { lines: ['Travel insurance certificate', 'Policy 12345 valid 8-11 May 2026'] },
    ]);
    const b64 = (s: string | Buffer) =>
      Buffer.from(s).toString('base64').replace(/.{76}/g, '$&\r\n');
    const eml = [
      'From: =?UTF-8?Q?Viajes_Sol_y_Mar?= <reservas@sol.example>',
      'To: ana@example.com',
      'Subject: =?UTF-8?B?Q29uZmlybWFjacOzbiBkZSB0dSB2aWFqZQ==?=',
      'Date: Mon, 12 Jan 2026 10:00:00 +0100',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="outer"',
      '',
      '--outer',
      'Content-Type: multipart/alternative; boundary="alt"',
      '',
      '--alt',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Hola Ana, tu viaje a Roma est=C3=A1 confirmado. Vuelo IB3232 Madrid =E2=80=93 Roma el 8 de=',
      ' mayo de 2026 a las 08:15. Estancia en el Hotel Artemide del 8 al 11 de mayo de 2026 (3 noches).',
      '',
      '--alt',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<html><body><script type="application/ld+json">{"@context":"https://schema.org","@type":"FlightReservation","reservationNumber":"QX7"}</script><p>Hola Ana</p></body></html>',
      '',
      '--alt--',
      '--outer',
      'Content-Type: text/calendar; charset=utf-8; method=PUBLISH',
      'Content-Disposition: attachment; filename="tour.ics"',
      'Content-Transfer-Encoding: base64',
      '',
      b64(ics),
      '--outer',
      'Content-Type: text/html',
      'Content-Disposition: attachment; filename="hotel.html"',
      'Content-Transfer-Encoding: base64',
      '',
      b64(html),
      '--outer',
      'Content-Type: application/pdf',
      'Content-Disposition: attachment; filename="insurance.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      b64(pdf),
      '--outer--',
      '',
    ].join('\r\n');
    expect(detectMediaType(bytes(eml))).toBe('message/rfc822');
    const extracted = await extractText(bytes(eml), 'message/rfc822');
    expect(extracted.structured.subject).toBe('Confirmación de tu viaje');
    expect(extracted.text).toMatch(
      /^Subject: Confirmación de tu viaje\nFrom: Viajes Sol y Mar <reservas@sol\.example>\nDate: 2026-01-12T09:00:00/,
    );
    expect(extracted.text).toContain(
      'Roma está confirmado. Vuelo IB3232 Madrid – Roma el 8 de mayo de 2026 a las 08:15.',
    );
    expect(extracted.text).toContain('Hotel voucher');
    expect(extracted.text).toContain('Policy 12345 valid 8-11 May 2026');
    expect(
      extracted.structured.items.map((i) => (i.kind === 'schema.org' ? i.data['@type'] : i.kind)),
    ).toEqual(['FlightReservation', 'ical', 'LodgingReservation']);
    expect(extracted.structured.items[1]).toMatchObject({
      event: {
        summary: 'Walking tour',
        start: { date: '2026-05-09', time: '09:00', timezone: 'Europe/Rome' },
      },
    });
    // Credits: the body, the calendar, the HTML voucher and the PDF's page.
    expect(extracted.credits).toBe(4);
  });

  it('bounds the parts tree: attachments are read two levels deep (an email forwarded with its PDF), no deeper', async () => {
    const wrap = (inner: string, n: number) =>
      [
        'From: a@b.example',
        'To: c@d.example',
        `Subject: level ${n}`,
        'MIME-Version: 1.0',
        `Content-Type: multipart/mixed; boundary="b${n}"`,
        '',
        `--b${n}`,
        'Content-Type: text/plain',
        '',
        `Body of level ${n}`,
        `--b${n}`,
        'Content-Type: message/rfc822',
        'Content-Disposition: attachment; filename="fwd.eml"',
        '',
        inner,
        `--b${n}--`,
        '',
      ].join('\r\n');
    const innermost = [
      'From: x@y.example',
      'To: z@y.example',
      'Subject: level 4',
      '',
      'Body of level 4',
    ].join('\r\n');
    const extracted = await extractText(
      bytes(wrap(wrap(wrap(innermost, 3), 2), 1)),
      'message/rfc822',
    );
    expect(extracted.text).toContain('Body of level 1');
    expect(extracted.text).toContain('Body of level 3');
    expect(extracted.text).not.toContain('Body of level 4');
    expect(extracted.notes.join(' ')).toMatch(/Skipped attachment/);
  });
});
