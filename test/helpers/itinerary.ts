// An itinerary's days for the traveller pages' browser tests: a day in Positano with a flight
// that lands the next morning (+1), a three-night hotel and a timed walk, as many days as asked.
export function positanoDays(count: number, walk = 'Camminata panoramica.') {
  return Array.from({ length: count }, (_, i) => i + 1).map((day) => ({
    id: `day-${day}`,
    type: 'itineraryDay',
    parent: 'itinerary',
    content: { day, date: `2026-09-0${day + 4}`, title: `Positano ${day}` },
    children: [
      {
        id: `f-${day}`,
        type: 'flight',
        parent: `day-${day}`,
        content: {
          airline: 'ITA Airways',
          flightNumber: `AZ60${day}`,
          departureAirport: 'JFK',
          arrivalAirport: 'FCO',
          departureTime: '17:30',
          arrivalTime: '07:45',
          date: `2026-09-0${day + 4}`,
          arrivalDate: `2026-09-0${day + 5}`,
        },
      },
      {
        id: `h-${day}`,
        type: 'accommodation',
        parent: `day-${day}`,
        content: {
          name: 'Hotel Poseidon',
          checkIn: '2026-09-06',
          checkOut: '2026-09-09',
          nights: 3,
          city: 'Positano',
        },
      },
      {
        id: `a-${day}`,
        type: 'activity',
        parent: `day-${day}`,
        content: { title: 'Sentiero degli Dei', time: '08:30', description: walk },
      },
    ],
  }));
}
