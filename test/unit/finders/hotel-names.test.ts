// Hotel names in the six languages (finders/hotel-names.ts). Each row: language, line, the name
// found, or undefined. A ride to the hotel or "the hotel" alone names no hotel.
import { describe, expect, it } from 'vitest';
import { hotelName } from '../../../src/imports/generate/builtin/finders/hotel-names.ts';

describe('hotelName', () => {
  it.each([
    ['en', 'Overnight at the Hotel Metropole.', 'Hotel Metropole'],
    ['en', 'Accommodation: Riad Kheirredine', 'Riad Kheirredine'],
    ['en', 'HOTEL CORTE DEI REMERI', 'Hotel Corte Dei Remeri'],
    ['en', 'Transfer to the hotel', undefined],
    ['es', 'Noche en el Hotel Alfonso XIII.', 'Hotel Alfonso XIII'],
    ['es', 'Alojamiento: Parador de Granada', 'Parador de Granada'],
    ['fr', "Nuit à l'hôtel Le Negresco.", 'Le Negresco'],
    ['fr', 'Hébergement : Hôtel des Arts', 'Hôtel des Arts'],
    ['pt', 'Pernoite no Pousada de Óbidos.', 'Pousada de Óbidos'],
    ['pt', 'Alojamento: Hotel Avenida Palace', 'Hotel Avenida Palace'],
    ['de', 'Übernachtung im Hotel Sacher.', 'Hotel Sacher'],
    ['de', 'Unterkunft: Gasthof Post', 'Gasthof Post'],
    ['it', 'Pernottamento presso Hotel Danieli.', 'Hotel Danieli'],
    ['it', 'Sistemazione: Albergo del Senato', 'Albergo del Senato'],
    ['it', "Hotel Campo de' Fiori, Via del Biscione 6", "Hotel Campo de' Fiori"],
    ['it', 'Shuttle Hotel Miramar – aeroporto', undefined],
  ])('%s: %s', (_language, line, expected) => {
    expect(hotelName(line)).toBe(expected);
  });
});
