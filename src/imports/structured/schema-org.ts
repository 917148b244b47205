// schema.org reservations (the markup airlines, hotels, railways and ticketing sites put in their
// confirmation emails and pages) as dated draft blocks: Flight, Lodging, Train, Bus, Boat,
// RentalCar, Taxi, Event and FoodEstablishment reservations, events named alone (a ticket's
// concert, play, match or festival), and a TouristTrip's name, offer and dated itinerary items.
// Cancelled reservations and events are left out.
import type { DraftBlockInput } from '../generate/draft.ts';
import { datedFlight, type DatedBlock, type StructuredResult } from './structured-result.ts';
import { city, cityTimezone } from '../generate/builtin/places.ts';
import {
  airportFacts,
  amountOf,
  countryCode,
  daysBetween,
  flightNumber,
  isCurrency,
  localMoment,
  str,
  type LocalMoment,
} from './values.ts';

type Node = Record<string, unknown>;

const typeOf = (node: unknown): string => {
  const type = node && typeof node === 'object' ? (node as Node)['@type'] : undefined;
  const first = Array.isArray(type) ? type[0] : type;
  return typeof first === 'string' ? first.replace(/^.*[/#:]/, '') : '';
};
const obj = (value: unknown): Node | null => {
  const v = Array.isArray(value) ? value[0] : value;
  return v && typeof v === 'object' ? (v as Node) : null;
};
const text = (value: unknown): string | null =>
  str(Array.isArray(value) ? value[0] : value) ?? str(obj(value)?.name);

/**
 * schema.org's Event and its kinds (a ticket's concert, play, match or festival). DeliveryEvent,
 * PublicationEvent (a broadcast) and OnDemandEvent are no outing.
 */
const EVENT_TYPE =
  /^(?:Event|EventSeries|Festival|(?:Business|Childrens|Comedy|Dance|Education|Exhibition|Food|Hackathon|Literary|Music|Sale|Screening|Social|Sports|Theater|VisualArts)Event|CourseInstance)$/;
/** Bare events on one page beyond this are a venue's programme, not what was booked. */
const MAX_BARE_EVENTS = 6;

const isEvent = (node: Node) =>
  EVENT_TYPE.test(typeOf(node)) && !/Cancel|Postpone/i.test(str(node.eventStatus) ?? '');

export function mapSchemaOrg(nodes: Node[], into: StructuredResult): void {
  // An event named alone (not inside a reservation) is the page's outing: a ticket, an
  // invitation. Many of them are a venue's or a city's calendar.
  const listing = nodes.filter(isEvent).length > MAX_BARE_EVENTS;
  for (const node of nodes.flatMap(expand)) {
    for (const where of [
      obj(node.reservationFor)?.address,
      obj(obj(node.reservationFor)?.location)?.address,
      obj(node.location)?.address,
      obj(node.pickupLocation)?.address,
    ]) {
      const town = str(obj(where)?.addressLocality);
      if (town && !into.localities.includes(town)) into.localities.push(town);
    }
    const type = typeOf(node);
    if (/Cancel/i.test(str(node.reservationStatus) ?? '')) continue;
    if (type === 'TouristTrip') {
      touristTrip(node, into);
      continue;
    }
    const mapped = type.endsWith('Reservation')
      ? reservation(type, node)
      : isEvent(node) && !listing
        ? event(node)
        : null;
    if (!mapped) continue;
    into.blocks.push({ ...mapped, block: withConfidence(mapped.block) });
    const price = amountOf(node.totalPrice ?? obj(node.totalPrice)?.price ?? node.price);
    const currency = str(node.priceCurrency ?? obj(node.totalPrice)?.priceCurrency)?.toUpperCase();
    if (price !== null && currency && isCurrency(currency)) addPrice(into, price, currency);
  }
}

/** Reservations inside an Order or a ReservationPackage, and reservations of several passengers. */
function expand(node: Node): Node[] {
  const type = typeOf(node);
  if (type === 'ReservationPackage')
    return ([] as unknown[])
      .concat(node.subReservation ?? [])
      .filter((n): n is Node => !!obj(n))
      .flatMap(expand);
  if (type === 'Order')
    return ([] as unknown[])
      .concat(node.acceptedOffer ?? [])
      .map((o) => obj(obj(o)?.itemOffered))
      .filter((n): n is Node => !!n)
      .flatMap(expand);
  return [node];
}

function withConfidence(block: DraftBlockInput): DraftBlockInput {
  return { ...block, confidence: 1 } as DraftBlockInput;
}

function addPrice(into: StructuredResult, amount: number, currency: string) {
  if (!into.price) into.price = { amount, currency, per: 'total', travellers: null };
  else if (into.price.currency === currency)
    into.price = { ...into.price, amount: Math.round((into.price.amount + amount) * 100) / 100 };
}

type Mapped = Omit<DatedBlock, 'block'> & { block: DraftBlockInput };

function reservation(type: string, node: Node): Mapped | null {
  const what = obj(node.reservationFor) ?? {};
  const reference = str(node.reservationNumber ?? node.confirmationNumber ?? node.reservationId);
  switch (type) {
    case 'FlightReservation':
      return flight(what, reference);
    case 'LodgingReservation':
      return lodging(node, what, reference);
    case 'TrainReservation':
      return trip('train', what, reference, {
        from: what.departureStation,
        to: what.arrivalStation,
        number: what.trainNumber ?? what.trainName,
      });
    case 'BusReservation':
      return trip('bus', what, reference, {
        from: what.departureBusStop ?? what.departureStation,
        to: what.arrivalBusStop ?? what.arrivalStation,
        number: what.busNumber ?? what.busName,
      });
    case 'BoatReservation':
      return trip('ferry', what, reference, {
        from: what.departureBoatTerminal,
        to: what.arrivalBoatTerminal,
        number: what.name,
      });
    case 'RentalCarReservation':
      return rentalCar(node, what, reference);
    case 'TaxiReservation':
      return taxi(node, reference);
    case 'EventReservation':
      return event(what, reference);
    case 'FoodEstablishmentReservation':
      return restaurant(node, what);
    default:
      return null;
  }
}

function flight(f: Node, reference: string | null): Mapped | null {
  const airline = obj(f.airline) ?? obj(f.provider);
  const carrier =
    str(airline?.iataCode) ??
    (typeof f.airline === 'string' && /^[A-Z0-9]{2}$/.test(f.airline) ? f.airline : null);
  const from = airportFacts(obj(f.departureAirport)?.iataCode ?? f.departureAirport);
  const to = airportFacts(obj(f.arrivalAirport)?.iataCode ?? f.arrivalAirport);
  const departs = localMoment(f.departureTime, from?.timezone) ?? localMoment(f.departureDay);
  const arrives = localMoment(f.arrivalTime, to?.timezone);
  const number = flightNumber(f.flightNumber, carrier);
  if (!number && !(from && to)) return null;
  return datedFlight(
    {
      flightNumber: number,
      airline: str(airline?.name) ?? null,
      departureAirport: from?.iata ?? null,
      arrivalAirport: to?.iata ?? null,
      departureCity:
        str(
          obj(f.departureAirport)?.address &&
            obj(obj(f.departureAirport)?.address)?.addressLocality,
        ) ??
        from?.city ??
        null,
      arrivalCity:
        str(
          obj(f.arrivalAirport)?.address && obj(obj(f.arrivalAirport)?.address)?.addressLocality,
        ) ??
        to?.city ??
        null,
      departureTime: departs?.time ?? null,
      arrivalTime: arrives?.time ?? null,
      date: departs?.date ?? null,
      bookingReference: reference,
    },
    arrives?.date ?? null,
    to?.country ?? null,
  );
}

function lodging(node: Node, hotel: Node, reference: string | null): Mapped | null {
  const name = text(hotel.name) ?? text(hotel);
  if (!name) return null;
  const checkIn = localMoment(node.checkinTime ?? node.checkinDate)?.date ?? null;
  const checkOut = localMoment(node.checkoutTime ?? node.checkoutDate)?.date ?? null;
  const nights =
    checkIn && checkOut && daysBetween(checkIn, checkOut) > 0
      ? daysBetween(checkIn, checkOut)
      : null;
  const address = obj(hotel.address);
  return {
    date: checkIn,
    until: checkOut,
    country: countryCode(text(address?.addressCountry)),
    block: {
      type: 'accommodation',
      content: {
        name,
        checkIn,
        checkOut: nights ? checkOut : null,
        nights,
        city: str(address?.addressLocality) ?? null,
        address: address
          ? [
              address.streetAddress,
              address.postalCode,
              address.addressLocality,
              text(address.addressCountry),
            ]
              .map(str)
              .filter(Boolean)
              .join(', ') || null
          : str(hotel.address),
        bookingReference: reference,
      },
    },
  };
}

/** The IANA zone of a town the gazetteer knows ("Wien", "Hamburg"). */
function townZone(town: string): string | null {
  const found = city(town);
  return (found && cityTimezone(found)) ?? null;
}

/** alpha-3 of a place's postal address ({address: {addressCountry}}). */
const placeCountry = (value: unknown): string | null =>
  countryCode(text(obj(obj(value)?.address)?.addressCountry));

function place(value: unknown): string | null {
  const p = obj(value);
  if (!p) return str(value);
  return str(p.name) ?? str(obj(p.address)?.addressLocality) ?? str(p.iataCode);
}

function trip(
  mode: 'train' | 'bus' | 'ferry',
  t: Node,
  reference: string | null,
  parts: { from: unknown; to: unknown; number: unknown },
): Mapped | null {
  const departs = localMoment(t.departureTime);
  const arrives = localMoment(t.arrivalTime);
  const from = place(parts.from);
  const to = place(parts.to);
  if (!from && !to) return null;
  const date = departs?.date ?? null;
  return {
    date,
    until: arrives?.date ?? date,
    country: placeCountry(parts.to),
    block: {
      type: 'transport',
      content: {
        mode,
        from,
        to,
        time: departs?.time ?? null,
        arrivalTime: arrives?.time ?? null,
        arrivalDate: arrives && date && arrives.date !== date ? arrives.date : null,
        number: str(parts.number) ?? reference,
        operator: text(t.provider) ?? text(t.operatedBy) ?? null,
        description: reference ? `Booking ${reference}` : null,
      },
    },
  };
}

function rentalCar(node: Node, car: Node, reference: string | null): Mapped | null {
  const pickup = localMoment(node.pickupTime);
  const dropoff = localMoment(node.dropoffTime);
  const company = text(car.rentalCompany) ?? text(obj(node.provider)) ?? null;
  const model =
    [text(car.brand), str(car.model) ?? str(car.name)].filter(Boolean).join(' ') || null;
  const date = pickup?.date ?? null;
  return {
    date,
    until: dropoff?.date ?? date,
    country: placeCountry(node.pickupLocation),
    block: {
      type: 'transport',
      content: {
        mode: 'carRental',
        from: place(node.pickupLocation),
        to: place(node.dropoffLocation),
        time: pickup?.time ?? null,
        arrivalTime: dropoff?.time ?? null,
        arrivalDate: dropoff && dropoff.date !== date ? dropoff.date : null,
        number: reference,
        operator: company,
        description: model,
      },
    },
  };
}

function taxi(node: Node, reference: string | null): Mapped | null {
  const pickup = localMoment(node.pickupTime);
  return {
    date: pickup?.date ?? null,
    until: pickup?.date ?? null,
    country: placeCountry(node.pickupLocation),
    block: {
      type: 'transport',
      content: {
        mode: 'transfer',
        from: place(node.pickupLocation),
        to: place(node.dropoffLocation),
        time: pickup?.time ?? null,
        number: reference,
        operator: text(node.provider),
        description: null,
      },
    },
  };
}

/**
 * An event (a concert, a play, a match; booked or named alone) as the day's activity: its name,
 * its start's local time, its venue. The venue's town and country place the trip; a start in UTC
 * ("…Z") is read in the venue's zone.
 */
function event(e: Node, reference: string | null = null): Mapped | null {
  const title = text(e.name);
  if (!title) return null;
  const venue = obj(e.location);
  const address = obj(venue?.address);
  const town = str(address?.addressLocality);
  const zone = town ? townZone(town) : null;
  const start = localMoment(e.startDate, zone);
  const end = localMoment(e.endDate, zone);
  const description = [str(e.description), reference ? `Booking ${reference}` : null]
    .filter(Boolean)
    .join(' · ');
  return {
    date: start?.date ?? null,
    until: end?.date ?? start?.date ?? null,
    country: countryCode(text(address?.addressCountry)),
    town,
    block: {
      type: 'activity',
      content: {
        title,
        time: start?.time ?? null,
        description: description || null,
        place: place(e.location),
      },
    },
  };
}

function restaurant(node: Node, venue: Node): Mapped | null {
  const name = text(venue.name) ?? text(venue);
  if (!name) return null;
  const start: LocalMoment | null = localMoment(node.startTime ?? node.startDate);
  const size = amountOf(node.partySize);
  return {
    date: start?.date ?? null,
    until: start?.date ?? null,
    country: countryCode(text(obj(venue.address)?.addressCountry)),
    block: {
      type: 'activity',
      content: {
        title: name,
        time: start?.time ?? null,
        description: size ? `Table for ${size}` : null,
        place: name,
      },
    },
  };
}

/** A tour's name and description, its offer's price, and the itinerary items that carry a date. */
function touristTrip(node: Node, into: StructuredResult) {
  into.title ??= text(node.name);
  into.description ??= str(node.description);
  const offer = obj(node.offers);
  const amount = amountOf(offer?.price ?? obj(offer?.priceSpecification)?.price);
  const currency = str(
    offer?.priceCurrency ?? obj(offer?.priceSpecification)?.priceCurrency,
  )?.toUpperCase();
  if (amount !== null && currency && isCurrency(currency) && !into.price)
    into.price = { amount, currency, per: null, travellers: null };
  const list = obj(node.itinerary);
  const items = ([] as unknown[]).concat(
    typeOf(list) === 'ItemList' ? (list?.itemListElement ?? []) : (node.itinerary ?? []),
  );
  for (const entry of items) {
    const item = obj(obj(entry)?.item) ?? obj(entry);
    if (!item) continue;
    const country = countryCode(
      text(obj(item.address)?.addressCountry) ?? text(item.containedInPlace),
    );
    if (country && !into.countries.includes(country)) into.countries.push(country);
    const mapped = typeOf(item).endsWith('Reservation')
      ? reservation(typeOf(item), item)
      : item.startDate
        ? event(item)
        : null;
    if (mapped) into.blocks.push({ ...mapped, block: withConfidence(mapped.block) });
  }
  const start = localMoment(node.startDate)?.date;
  const end = localMoment(node.endDate)?.date;
  if (start) into.dateStart ??= start;
  if (end) into.dateFinish ??= end;
}
