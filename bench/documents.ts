// Request bodies of the benchmark: a trip, a valid configuration of a given number of blocks (an
// itinerary of days, each holding leaf blocks with some content, as a real trip has), and the
// Word documents of the AI import's bench.
import { defaultConfiguration } from '../src/trips/configuration.defaults.ts';
import { miniDocx } from '../test/helpers/mini-docx.ts';

const LEAF_TYPES = ['accommodation', 'flight', 'text', 'activity', 'transfer', 'image'];
const LEAVES_PER_DAY = 9;

export function configurationWithBlocks(total: number) {
  const days = Math.max(1, Math.ceil((total - 1) / (LEAVES_PER_DAY + 1)));
  let remaining = total - 1 - days;
  const children = Array.from({ length: days }, (_, d) => {
    const leaves = Math.min(LEAVES_PER_DAY, Math.max(0, remaining));
    remaining -= leaves;
    return {
      id: `day-${d + 1}`,
      type: 'itineraryDay',
      parent: 'itinerary',
      content: { title: `Day ${d + 1}`, date: `2026-06-${String((d % 28) + 1).padStart(2, '0')}` },
      children: Array.from({ length: leaves }, (_, l) => ({
        id: `day-${d + 1}-block-${l + 1}`,
        type: LEAF_TYPES[l % LEAF_TYPES.length]!,
        parent: `day-${d + 1}`,
        content: {
          title: `Stop ${l + 1} of day ${d + 1}`,
          description:
            'Breakfast at the hotel, then a guided walk through the old town and lunch by the river.',
          price: { amount: 120 + l * 15, currency: 'EUR' },
        },
      })),
    };
  });
  return {
    ...defaultConfiguration(),
    blocks: [{ id: 'itinerary', type: 'itinerary', content: { title: 'Itinerary' }, children }],
  };
}

export const NEW_TRIP = {
  title: 'Benchmark escape to Lisbon',
  seoDescription: 'Five days by the Tagus',
  duration: 5,
  dateStart: '2026-09-01T00:00:00.000Z',
  dateFinish: '2026-09-06T00:00:00.000Z',
  countries: ['PRT'],
  visibility: 'public',
};

/** Blocks in a configuration, counted through every level. */
export function countBlocks(blocks: Array<{ children?: unknown[] }>): number {
  return blocks.reduce(
    (sum, b) => sum + 1 + countBlocks((b.children ?? []) as Array<{ children?: unknown[] }>),
    0,
  );
}

/**
 * Word documents for the AI import's bench (no binary fixture: built as Word writes them, by
 * test/helpers/mini-docx.ts): two of the corpus's text itineraries, their first line a heading
 * and every other line a paragraph, and an itinerary laid out as a table of days.
 */
export async function wordDocuments(corpusText: (name: string) => string): Promise<Buffer[]> {
  const fromText = (text: string) => {
    const [first = '', ...rest] = text.split(/\r?\n/).filter((line) => line.trim());
    return miniDocx([{ heading: first }, ...rest.map((line) => ({ paragraph: line }))]);
  };
  return Promise.all([
    fromText(corpusText('pt-portugal-roteiro.txt')),
    fromText(corpusText('en-vietnam-cambodia.txt')),
    miniDocx([
      { heading: 'Lisbon and Porto: a week in Portugal' },
      {
        paragraph: 'Prepared for the Martins family by Atlantic Journeys, 12 to 18 September 2026.',
      },
      {
        table: [
          ['Day', 'Date', 'Programme', 'Overnight'],
          [
            'Day 1',
            '12 September 2026',
            'Arrival in Lisbon, transfer to the hotel',
            'Hotel Avenida Palace',
          ],
          [
            'Day 2',
            '13 September 2026',
            'Belém: the Jerónimos Monastery and the tower',
            'Hotel Avenida Palace',
          ],
          [
            'Day 3',
            '14 September 2026',
            'Day trip to Sintra and the Pena Palace',
            'Hotel Avenida Palace',
          ],
          [
            'Day 4',
            '15 September 2026',
            'Train to Porto, the Ribeira at sunset',
            'Hotel Infante Sagres',
          ],
          [
            'Day 5',
            '16 September 2026',
            'Port wine cellars in Vila Nova de Gaia',
            'Hotel Infante Sagres',
          ],
          [
            'Day 6',
            '17 September 2026',
            'Douro valley: a quinta and a boat trip',
            'Hotel Infante Sagres',
          ],
          ['Day 7', '18 September 2026', 'Transfer to Porto airport, flight home', '–'],
        ],
      },
      { bullets: ['Hotels with breakfast', 'Train Lisbon to Porto, first class', 'Guided visits'] },
      { paragraph: 'Price: 1,850 EUR per person.' },
    ]),
  ]);
}
