// Trip-level fields of the built-in engine (countries, title, dates) on short documents written
// for these tests: each states what an agent would keep, one rule per test.
import { describe, expect, it } from 'vitest';
import { extractDraft } from '../../src/imports/generate/builtin/builtin.generator.ts';
import { validateDraft } from '../../src/imports/generate/validate.ts';

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
