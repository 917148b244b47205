// Request bodies of the benchmark: a trip, and a valid configuration of a given number of blocks
// (an itinerary of days, each holding leaf blocks with some content, as a real trip has).
import { defaultConfiguration } from '../src/trips/configuration.defaults.ts';

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
