// A JSON object sent as text (a booking-system export), mapped by its keys and values rather than
// read as prose: every object in it is classified by the keys it has (a flight number and two
// airports, a check-in and a check-out, a pick-up and a drop-off...), in snake_case, camelCase or
// kebab-case alike. ISO dates with an offset keep their local date and time. Amounts are in minor
// units when the key says so (…_cents, …Minor) or when an integer sits beside an exponent.
import { translateKeys } from './json-keys.ts';
import {
  datedFlight,
  type DatedBlock,
  type StructuredPayment,
  type StructuredResult,
} from './structured-result.ts';
import {
  addDays,
  airportFacts,
  amountOf,
  countryCode,
  currencyExponent,
  daysBetween,
  flightNumber,
  isCurrency,
  localMoment,
  str,
  type LocalMoment,
} from './values.ts';

type Obj = Record<string, unknown>;
const MAX_DEPTH = 8;

/** Keys compared without case, separators or spaces: "flight_number", "flightNumber" → "flightnumber". */
const norm = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, '');
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** The value of the first key present among `names` (normalised). */
function pick(o: Obj, ...names: string[]): unknown {
  const keys = new Map(Object.keys(o).map((k) => [norm(k), k]));
  for (const name of names) {
    const key = keys.get(name);
    if (key !== undefined && o[key] !== null && o[key] !== '') return o[key];
  }
  return undefined;
}

export function mapJsonExport(source: unknown, into: StructuredResult): void {
  const data = translateKeys(source);
  const root = Array.isArray(data) ? { items: data } : isObj(data) ? data : null;
  if (!root) return;
  const wrapped = pick(
    root,
    'trip',
    'booking',
    'reservation',
    'order',
    'dossier',
    'practice',
    'pratica',
    'file',
    'expediente',
    'data',
    'result',
    'itinerary',
  );
  const trip = isObj(wrapped) ? wrapped : root;
  for (const level of [trip, root]) {
    into.title ??= str(
      pick(
        level,
        'title',
        'tripname',
        'triptitle',
        'tourname',
        'packagename',
        'productname',
        'name',
        // A booking's product or package, when a string: "Riviera Maya en familia – todo incluido".
        'product',
        'package',
        'tour',
      ),
    );
    const period = pick(level, 'travelperiod', 'period', 'dates', 'traveldates', 'tripdates');
    const span = isObj(period) ? period : level;
    into.dateStart ??=
      localMoment(
        pick(span, 'startdate', 'start', 'datestart', 'departuredate', 'tripstart', 'from'),
      )?.date ?? null;
    into.dateFinish ??=
      localMoment(pick(span, 'enddate', 'end', 'datefinish', 'returndate', 'tripend', 'to'))
        ?.date ?? null;
  }
  if (into.title && /^[A-Z0-9]{5,8}$/.test(into.title)) into.title = null; // a booking code, not a title
  const travellers = travellersOf(root) ?? travellersOf(trip);
  // The export's language: a "language" or "locale" ("de-DE") at its top or in its header.
  for (const level of [trip, root, pick(root, 'header', 'meta', 'metadata')]) {
    if (!isObj(level) || into.language) continue;
    const lang = str(pick(level, 'language', 'locale', 'lang'))
      ?.toLowerCase()
      .slice(0, 2);
    if (lang && /^(?:en|es|fr|pt|de|it)$/.test(lang)) into.language = lang;
  }
  walk(root, into, 0, null);
  const price = priceOf(trip) ?? priceOf(root);
  if (price) into.price ??= { ...price, travellers };
  into.payments.push(...paymentsOf(trip !== root ? [trip, root] : [root]));
  for (const level of [trip, root]) {
    const holder = isObj(pick(level, 'pricing', 'price', 'package'))
      ? (pick(level, 'pricing', 'price', 'package') as Obj)
      : level;
    if (!into.included.length)
      into.included = listOf(
        pick(
          holder,
          'included',
          'inclusions',
          'includes',
          'incluido',
          'incluye',
          'inclus',
          'incluso',
          'inklusive',
          'inbegriffen',
        ) ?? pick(level, 'included', 'inclusions', 'includes'),
      );
    if (!into.excluded.length)
      into.excluded = listOf(
        pick(
          holder,
          'notincluded',
          'excluded',
          'exclusions',
          'excludes',
          'noincluido',
          'noinclus',
          'nonincluso',
          'naoincluido',
          'nichtinbegriffen',
        ) ?? pick(level, 'notincluded', 'excluded', 'exclusions'),
      );
  }
}

const listOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.map(str).filter((s): s is string => !!s)
    : typeof value === 'string'
      ? value
          .split(/[;\n]|,\s(?=[A-Za-zÀ-ÿ])/)
          .map((s) => s.trim())
          .filter(Boolean)
      : [];

/**
 * The date of the day being walked ({day: 2, date: "22/11/2026", services: [...]}): a service
 * below it that gives only a time happens that day. Set while walking (the walk is synchronous).
 */
let dayDate: string | null = null;

function walk(value: unknown, into: StructuredResult, depth: number, hint: string | null): void {
  if (depth > MAX_DEPTH) return;
  if (Array.isArray(value)) {
    for (const v of value) walk(v, into, depth + 1, hint);
    return;
  }
  if (!isObj(value)) return;
  const block = classify(value, hint, depth === 0);
  if (block) {
    into.blocks.push(block);
    return;
  }
  const outer = dayDate;
  if (depth > 0) dayDate = localMoment(pick(value, 'date', 'day'))?.date ?? dayDate;
  const inherited = serviceFacts(value);
  try {
    for (const [key, child] of Object.entries(value)) {
      if (typeof child !== 'object') continue;
      // A service's segments ({type: "FLIGHT", supplier, pnr, segments: [...]}) are of its type,
      // by its supplier, under its booking reference, unless they say otherwise.
      const list =
        inherited && Array.isArray(child) && SEGMENT_LISTS.has(norm(key))
          ? child.map((c) => (isObj(c) ? { ...inherited, ...c } : c))
          : child;
      walk(list, into, depth + 1, norm(key));
    }
  } finally {
    dayDate = outer;
  }
}

const SEGMENT_LISTS = new Set(['segments', 'legs', 'sectors', 'flights', 'trains', 'routes']);
const INHERITED = new Set([
  'type',
  'kind',
  'servicetype',
  'supplier',
  'provider',
  'operator',
  'carrier',
  'airline',
  'pnr',
  'locator',
  'reference',
  'bookingreference',
]);

/** A typed service's facts its segments share: its type, supplier and booking reference. */
function serviceFacts(o: Obj): Obj | null {
  if (!str(pick(o, 'type', 'kind', 'servicetype'))) return null;
  const facts = Object.entries(o).filter(
    ([k, v]) => INHERITED.has(norm(k)) && (typeof v === 'string' || typeof v === 'number'),
  );
  return Object.fromEntries(facts);
}

/** A service's type word (translated to English by json-keys.ts) → the block it makes. */
const KINDS = {
  flight: /\b(?:flights?|air|airfare|aereo|vuelo|vol|flug)\b/,
  hotel: /hotel|accommodation|lodging|\bstay|alojamiento|hebergement|pousada|resort|apartment/,
  car: /\bcar\b|car_rental|rental|vehicle|alquiler|mietwagen/,
  activity: /activit|excursion|\btour|event|ticket|visit|experience|sightseeing/,
};

/**
 * What an object is, by its own "type" or the array it sits in, then by the keys it has. The root
 * (the trip itself: a name, a type "tour", arrival and departure dates) is only a block when its
 * keys leave no doubt (a flight number, a check-in and a check-out).
 */
function classify(item: Obj, hint: string | null, root: boolean): DatedBlock | null {
  // {Kind: "Hotel", Hotel: {...}}: the details sit under a key named by the kind.
  const kindValue = str(pick(item, 'type', 'kind', 'segmenttype', 'servicetype', 'category'));
  const details = kindValue ? pick(item, norm(kindValue)) : undefined;
  const o = isObj(details) ? { ...item, ...details } : item;
  const kind =
    `${str(pick(o, 'type', 'kind', 'segmenttype', 'servicetype', 'category', 'product')) ?? ''} ${hint ?? ''}`.toLowerCase();
  const has = (...names: string[]) => pick(o, ...names) !== undefined;
  if (
    has('flightnumber', 'flightno', 'flightcode', 'marketingflightnumber') ||
    ((/flight|air|vuelo|vol\b|flug/.test(kind) || KINDS.flight.test(kind)) &&
      has('origin', 'from', 'departure', 'departureairport', 'flight'))
  )
    return flight(o);
  const stay =
    has('checkin', 'checkindate', 'checkinat') &&
    has('checkout', 'checkoutdate', 'checkoutat', 'nights');
  if (stay) return hotel(o);
  if (root) return null;
  if (
    KINDS.hotel.test(kind) &&
    has('name', 'hotel', 'hotelname', 'property', 'propertyname', 'supplier', 'provider')
  )
    return hotel(o);
  if (
    has('arrivaldate') &&
    has('departuredate') &&
    has('hotel', 'hotelname', 'property', 'propertyname')
  )
    return hotel(o);
  if (
    has('pickup', 'pickupdate', 'pickupat', 'pickuptime', 'pickupdatetime') &&
    (/car|rental|vehicle|alquiler/.test(kind) ||
      KINDS.car.test(kind) ||
      has('vehicle', 'car', 'carmodel', 'rentalcompany', 'supplier', 'dropoff', 'dropoffdate'))
  )
    return car(
      o,
      /car|rental|vehicle|alquiler/.test(kind) ||
        has('vehicle', 'car', 'carmodel', 'rentalcompany'),
    );
  const mode =
    /train|rail|tren|zug|treno|comboio/.test(kind) || has('trainnumber', 'trainno')
      ? 'train'
      : /\bbus|coach|pullman/.test(kind)
        ? 'bus'
        : /ferr|boat|traghett|barco|fahre/.test(kind)
          ? 'ferry'
          : /cruise|crucero|crociera|croisiere|cruzeiro/.test(kind)
            ? 'cruise'
            : /transfer|shuttle|taxi|traslado/.test(kind)
              ? 'transfer'
              : null;
  if (mode) return transport(o, mode);
  if (KINDS.activity.test(kind) && has('name', 'title', 'description')) return activity(o);
  return null;
}

/** A place's name, not a date or a time that sits under the same key ("pickup": "2026-09-07T09:00"). */
function placeName(value: unknown): string | null {
  const s = str(value);
  return s && !localMoment(s) && !/^\d{1,2}[:h]\d{2}$/.test(s) ? s : null;
}

/** A date and time from a value ("2026-05-08T08:15+02:00"), an object ({date, time} or {at}), or date and time keys. */
function momentOf(o: Obj, prefixes: string[], zone: string | null = null): LocalMoment | null {
  for (const p of prefixes) {
    const direct = pick(o, p, `${p}datetime`, `${p}at`, `${p}local`, `${p}time`, `${p}date`);
    if (isObj(direct)) {
      const inner = momentOf(direct, ['', 'local', 'scheduled'], zone);
      if (inner) return inner;
      continue;
    }
    const whole = localMoment(direct, zone);
    if (whole?.time) return whole;
    const date = localMoment(pick(o, `${p}date`))?.date ?? whole?.date;
    if (date) {
      const time = str(pick(o, `${p}time`, `${p}hour`));
      return {
        date,
        time:
          time && /^\d{1,2}:\d{2}/.test(time)
            ? time.padStart(5, '0').slice(0, 5)
            : (whole?.time ?? null),
      };
    }
  }
  if (prefixes.includes('')) {
    const date = localMoment(
      pick(o, 'datetime', 'date', 'at', 'local', 'scheduled', 'start', 'startdate'),
      zone,
    );
    if (date) return date;
  }
  // Only a time ("departure_time": "08:10") inside a dated day of the export.
  for (const p of prefixes) {
    const time = str(pick(o, `${p}time`, `${p}hour`, p));
    if (dayDate && time && /^\d{1,2}[:h]\d{2}$/.test(time))
      return { date: dayDate, time: time.replace('h', ':').padStart(5, '0') };
  }
  return null;
}

function codeOf(value: unknown): string | null {
  if (isObj(value)) return str(pick(value, 'iata', 'iatacode', 'code', 'airport', 'airportcode'));
  const s = str(value);
  return s && /^[A-Z]{3}$/i.test(s) ? s.toUpperCase() : null;
}

function flight(o: Obj): DatedBlock | null {
  const carrierValue = pick(
    o,
    'carrier',
    'airline',
    'airlinecode',
    'carriercode',
    'marketingcarrier',
    'operatingcarrier',
    'marketingairline',
  );
  const carrierCode = isObj(carrierValue)
    ? str(pick(carrierValue, 'iata', 'iatacode', 'code'))
    : str(carrierValue) && /^[A-Z0-9]{2}$/.test(str(carrierValue)!)
      ? str(carrierValue)
      : null;
  const airlineName = isObj(carrierValue)
    ? str(pick(carrierValue, 'name'))
    : str(carrierValue) && !/^[A-Z0-9]{2}$/.test(str(carrierValue)!)
      ? str(carrierValue)
      : str(pick(o, 'airlinename', 'carriername', 'supplier', 'provider'));
  // "departure" may hold the airport, an object, or the time: the first key that names an airport.
  const airportKey = (...names: string[]) =>
    names.map((n) => pick(o, n)).find((v) => codeOf(v) !== null);
  const departure = airportKey(
    'origin',
    'from',
    'departureairport',
    'departureairportcode',
    'origincode',
    'fromairport',
    'dep',
    'departure',
  );
  const arrival = airportKey(
    'destination',
    'to',
    'arrivalairport',
    'arrivalairportcode',
    'destinationcode',
    'toairport',
    'arr',
    'arrival',
  );
  const from = airportFacts(codeOf(departure));
  const to = airportFacts(codeOf(arrival));
  const departs =
    momentOf(o, ['departure', 'departs', 'dep', 'std', 'etd', 'depart'], from?.timezone) ??
    (isObj(departure) ? momentOf(departure, [''], from?.timezone) : null) ??
    momentOf(o, [''], from?.timezone);
  const arrives =
    momentOf(o, ['arrival', 'arrives', 'arr', 'sta', 'eta'], to?.timezone) ??
    (isObj(arrival) ? momentOf(arrival, [''], to?.timezone) : null);
  const number = flightNumber(
    pick(o, 'flightnumber', 'flightno', 'flightcode', 'marketingflightnumber', 'number', 'flight'),
    carrierCode,
  );
  if (!number && !(from && to)) return null;
  const city = (v: unknown) => (isObj(v) ? str(pick(v, 'city', 'cityname')) : null);
  return datedFlight(
    {
      flightNumber: number,
      airline: airlineName,
      departureAirport: from?.iata ?? null,
      arrivalAirport: to?.iata ?? null,
      departureCity: city(departure) ?? from?.city ?? null,
      arrivalCity: city(arrival) ?? to?.city ?? null,
      departureTime: departs?.time ?? null,
      arrivalTime: arrives?.time ?? null,
      date: departs?.date ?? null,
      bookingReference: referenceOf(o),
    },
    arrives?.date ?? null,
    to?.country ?? null,
  );
}

const referenceOf = (o: Obj) =>
  str(
    pick(
      o,
      'pnr',
      'bookingreference',
      'bookingref',
      'confirmation',
      'confirmationnumber',
      'confirmationno',
      'confirmationcode',
      'reference',
      'locator',
      'recordlocator',
      'record',
      'voucher',
      'vouchernumber',
      'ticketnumber',
      'ticketno',
    ),
  );

function hotel(o: Obj): DatedBlock | null {
  const property = pick(o, 'hotel', 'property', 'accommodation');
  const name =
    str(pick(o, 'hotelname', 'propertyname', 'name')) ??
    (isObj(property) ? str(pick(property, 'name')) : str(property)) ??
    str(pick(o, 'supplier', 'provider'));
  if (!name) return null;
  const checkIn = momentOf(o, ['checkin', 'arrival'])?.date ?? null;
  let checkOut = momentOf(o, ['checkout', 'departure'])?.date ?? null;
  const statedNights = amountOf(pick(o, 'nights', 'numberofnights'));
  if (!checkOut && checkIn && statedNights) checkOut = addDays(checkIn, statedNights);
  const nights =
    checkIn && checkOut && daysBetween(checkIn, checkOut) > 0
      ? daysBetween(checkIn, checkOut)
      : null;
  const where = isObj(property) ? property : o;
  const address = pick(where, 'address', 'location');
  const city =
    str(pick(where, 'city', 'town', 'locality')) ??
    (isObj(address) ? str(pick(address, 'city', 'locality', 'town')) : null);
  const country = countryCode(
    str(pick(where, 'country', 'countrycode')) ??
      (isObj(address) ? str(pick(address, 'country', 'countrycode')) : null),
  );
  return {
    date: checkIn,
    until: checkOut,
    country,
    block: {
      type: 'accommodation',
      confidence: 1,
      content: {
        name,
        checkIn,
        checkOut: nights ? checkOut : null,
        nights,
        city,
        address: isObj(address)
          ? Object.values(address).map(str).filter(Boolean).join(', ') || null
          : str(address),
        bookingReference: referenceOf(o),
      },
    },
  };
}

function car(o: Obj, rental: boolean): DatedBlock | null {
  const pickup = momentOf(o, ['pickup']);
  const dropoff = momentOf(o, ['dropoff', 'return']);
  const place = (v: unknown) =>
    isObj(v)
      ? str(pick(v, 'name', 'place', 'location', 'station', 'city', 'address'))
      : placeName(v);
  const date = pickup?.date ?? null;
  const vehicle = pick(o, 'vehicle', 'car', 'carmodel', 'model');
  return {
    date,
    until: dropoff?.date ?? date,
    block: {
      type: 'transport',
      confidence: 1,
      content: {
        mode: rental ? 'carRental' : 'transfer',
        from: place(pick(o, 'pickuplocation', 'pickupplace', 'pickup', 'from')),
        to: place(pick(o, 'dropofflocation', 'dropoffplace', 'returnlocation', 'dropoff', 'to')),
        time: pickup?.time ?? null,
        arrivalTime: dropoff?.time ?? null,
        arrivalDate: dropoff && dropoff.date !== date ? dropoff.date : null,
        number: referenceOf(o),
        operator: str(
          pick(o, 'rentalcompany', 'company', 'supplier', 'provider', 'operator', 'vendor'),
        ),
        description: isObj(vehicle)
          ? Object.values(vehicle).map(str).filter(Boolean).join(' ') || null
          : str(vehicle),
      },
    },
  };
}

function transport(
  segment: Obj,
  mode: 'train' | 'bus' | 'ferry' | 'cruise' | 'transfer',
): DatedBlock | null {
  const route = pick(segment, 'route', 'journey', 'itinerary');
  const o = isObj(route) ? { ...segment, ...route } : segment; // {route: {departurePort, arrivalPort}}
  const place = (v: unknown) =>
    isObj(v) ? str(pick(v, 'name', 'station', 'city', 'port', 'location')) : placeName(v);
  const origin = pick(
    o,
    'from',
    'fromplace',
    'origin',
    'departurestation',
    'departureport',
    'pickuplocation',
    'departure',
    'pickup',
  );
  const destination = pick(
    o,
    'to',
    'toplace',
    'destination',
    'arrivalstation',
    'arrivalport',
    'dropofflocation',
    'arrival',
    'dropoff',
  );
  // "Aeroporto → Pousada": a description that names both ends.
  const ends =
    /^(.{2,40}?)\s+(?:→|->|–|—|-|>|»)\s+(.{2,40})$/.exec(
      str(pick(o, 'description', 'name')) ?? '',
    ) ?? null;
  const from = place(origin) ?? (place(destination) ? null : (ends?.[1] ?? null));
  const to = place(destination) ?? (place(origin) ? null : (ends?.[2] ?? null));
  // {from: {station, local: "2026-09-11T09:30"}}: the place's object carries its time too.
  const departs =
    momentOf(o, ['departure', 'departs', 'pickup', 'dep', '']) ??
    (isObj(origin) ? momentOf(origin, ['']) : null);
  const arrives =
    momentOf(o, ['arrival', 'arrives', 'arr']) ??
    (isObj(destination) ? momentOf(destination, ['']) : null);
  if (!from && !to && !departs) return null;
  const date = departs?.date ?? null;
  return {
    date,
    until: arrives?.date ?? date,
    block: {
      type: 'transport',
      confidence: 1,
      content: {
        mode,
        from,
        to,
        time: departs?.time ?? null,
        arrivalTime: arrives?.time ?? null,
        arrivalDate: arrives && date && arrives.date !== date ? arrives.date : null,
        number:
          str(
            pick(
              o,
              'trainnumber',
              'trainno',
              'number',
              'servicenumber',
              'ship',
              'shipname',
              'vessel',
            ),
          ) ?? referenceOf(o),
        operator: str(
          pick(o, 'operator', 'company', 'carrier', 'provider', 'supplier', 'line', 'cruiseline'),
        ),
        description: str(pick(o, 'description', 'notes')),
      },
    },
  };
}

function activity(o: Obj): DatedBlock | null {
  const title = str(pick(o, 'name', 'title')) ?? str(pick(o, 'description'));
  if (!title) return null;
  const start = momentOf(o, ['start', 'starts', '']);
  return {
    date: start?.date ?? null,
    until: start?.date ?? null,
    block: {
      type: 'activity',
      confidence: 1,
      content: {
        title,
        time: start?.time ?? null,
        description: str(pick(o, 'description', 'details', 'notes')),
        place: str(pick(o, 'place', 'venue', 'location', 'meetingpoint')),
      },
    },
  };
}

/** An amount with its currency: minor units when the key or an exponent says so. */
function moneyOf(
  o: Obj,
  names: string[],
  currencyHint: string | null,
): { amount: number; currency: string } | null {
  const currency =
    (str(pick(o, 'currency', 'currencycode', 'curr')) ?? currencyHint)?.toUpperCase() ?? null;
  for (const [key, value] of Object.entries(o)) {
    const k = norm(key);
    const base = k.replace(/(?:incents|cents|minor|inminorunits|minorunits)$/, '');
    if (!names.includes(base)) continue;
    if (isObj(value)) {
      const inner = moneyOf(value, ['amount', 'value', 'total'], currency);
      if (inner) return inner;
      continue;
    }
    const amount = amountOf(value);
    if (amount === null || !currency || !isCurrency(currency)) continue;
    const exponent = amountOf(
      pick(o, 'exponent', 'decimals', 'scale', 'minorunit', 'currencyexponent'),
    );
    if (base !== k) return { amount: amount / 10 ** currencyExponent(currency), currency };
    if (exponent !== null && Number.isInteger(amount) && exponent >= 0 && exponent <= 4)
      return { amount: amount / 10 ** exponent, currency };
    return { amount, currency };
  }
  return null;
}

const TOTAL_KEYS = [
  'total',
  'totalprice',
  'totalamount',
  'grandtotal',
  'amount',
  'price',
  'totalcost',
  'cost',
];
const PER_PERSON_KEYS = [
  'priceperperson',
  'perperson',
  'pricepp',
  'amountperperson',
  'pricepertraveller',
  'perpax',
];

function priceOf(o: Obj): {
  amount: number;
  currency: string;
  per: 'person' | 'total' | null;
  total: number | null;
} | null {
  const holder = isObj(pick(o, 'pricing', 'price', 'totals', 'payment', 'fare', 'summary'))
    ? (pick(o, 'pricing', 'price', 'totals', 'payment', 'fare', 'summary') as Obj)
    : o;
  const hint = str(pick(o, 'currency', 'currencycode'));
  const perPerson =
    moneyOf(holder, PER_PERSON_KEYS, hint) ??
    (holder !== o ? moneyOf(o, PER_PERSON_KEYS, hint) : null);
  const total =
    moneyOf(holder, TOTAL_KEYS, hint) ?? (holder !== o ? moneyOf(o, TOTAL_KEYS, hint) : null);
  if (perPerson)
    return {
      ...perPerson,
      per: 'person',
      total: total?.currency === perPerson.currency ? total.amount : null,
    };
  return total ? { ...total, per: 'total', total: null } : null;
}

/** The currency of a total written as {amount, currency} (payments beside it often omit theirs). */
function totalCurrency(o: Obj): string | null {
  const total = pick(o, 'total', 'totalprice', 'totalamount', 'price');
  return isObj(total) ? str(pick(total, 'currency', 'currencycode')) : null;
}

function travellersOf(o: Obj): number | null {
  const list = pick(o, 'travellers', 'travelers', 'passengers', 'pax', 'guests', 'participants');
  if (Array.isArray(list) && list.length) return list.length;
  if (isObj(list)) {
    // {adults: 2, children: 2}
    const sum = Object.values(list).reduce<number>(
      (n, v) => n + (typeof v === 'number' && Number.isInteger(v) ? v : 0),
      0,
    );
    return sum > 0 && sum < 100 ? sum : null;
  }
  const n = amountOf(
    list ?? pick(o, 'numberoftravellers', 'passengercount', 'travellercount', 'paxcount', 'adults'),
  );
  return n && Number.isInteger(n) && n > 0 && n < 100 ? n : null;
}

function paymentsOf(levels: Obj[]): StructuredPayment[] {
  const out: StructuredPayment[] = [];
  for (const level of levels) {
    const hint = str(pick(level, 'currency', 'currencycode'));
    const holder = isObj(pick(level, 'pricing', 'payment', 'payments', 'price'))
      ? (pick(level, 'pricing', 'payment', 'payments', 'price') as Obj)
      : level;
    const hintHere = hint ?? str(pick(holder, 'currency', 'currencycode'));
    for (const [kind, names] of [
      ['deposit', ['deposit', 'downpayment']],
      ['balance', ['balance', 'balancedue', 'remaining']],
    ] as const) {
      const money = moneyOf(holder, [...names], hintHere);
      const own = pick(holder, ...names);
      const due =
        pick(holder, `${names[0]}duedate`, `${names[0]}due`, `${kind}date`) ??
        (isObj(own) ? pick(own, 'duedate', 'due', 'dueon') : undefined);
      if (money) out.push({ kind, ...money, dueDate: localMoment(due)?.date ?? null });
    }
    const list =
      pick(holder, 'payments', 'installments', 'paymentschedule', 'schedule') ??
      pick(level, 'payments', 'installments', 'paymentschedule');
    if (Array.isArray(list)) {
      for (const p of list.filter(isObj)) {
        const money = moneyOf(p, ['amount', 'value', 'total'], hintHere ?? totalCurrency(holder));
        if (!money) continue;
        const type = (str(pick(p, 'type', 'kind', 'description', 'label')) ?? '').toLowerCase();
        const kind = /deposit|anticipo|acompte|sinal|anzahlung|acconto/.test(type)
          ? 'deposit'
          : /balance|saldo|solde|rest|final|remaining/.test(type)
            ? 'balance'
            : /install|cuota|plazo|rate/.test(type)
              ? 'installment'
              : 'payment';
        out.push({
          kind,
          ...money,
          dueDate: localMoment(pick(p, 'duedate', 'dueon', 'due', 'dueby', 'date'))?.date ?? null,
        });
      }
    }
    // "parcelas": 10 beside a total: ten equal instalments of it.
    const count = amountOf(list);
    const total = moneyOf(holder, TOTAL_KEYS, hintHere);
    if (count && Number.isInteger(count) && count > 1 && count <= 48 && total) {
      const deposit = out.find((p) => p.kind === 'deposit')?.amount ?? 0;
      const each = Math.round(((total.amount - deposit) / count) * 100) / 100;
      out.push({
        kind: 'installment',
        amount: each,
        currency: total.currency,
        dueDate: null,
        text: `${count} × ${each} ${total.currency}`,
      });
    }
    if (out.length) break;
  }
  return out;
}
