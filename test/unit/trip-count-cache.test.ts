import { describe, expect, it } from 'vitest';
import { TripCountCache } from '../../src/trips/trip-count-cache.ts';

describe('TripCountCache', () => {
  it('answers a total only at the version it was counted at', () => {
    const cache = new TripCountCache();
    cache.set('PRT', '7', 12);
    expect(cache.get('PRT', '7')).toBe(12);
    expect(cache.get('PRT', '8')).toBeUndefined();
    expect(cache.get('JPN', '7')).toBeUndefined();
    cache.set('PRT', '8', 13);
    expect(cache.get('PRT', '7')).toBeUndefined();
    expect(cache.get('PRT', '8')).toBe(13);
  });

  it('keeps at most its bound, dropping the least recently used first', () => {
    const cache = new TripCountCache(2);
    cache.set('a', '1', 1);
    cache.set('b', '1', 2);
    expect(cache.get('a', '1')).toBe(1); // a is now the most recent
    cache.set('c', '1', 3);
    expect(cache.size).toBe(2);
    expect(cache.get('b', '1')).toBeUndefined();
    expect(cache.get('a', '1')).toBe(1);
    expect(cache.get('c', '1')).toBe(3);
  });

  it('does not keep a key longer than 2,000 characters (its memory stays bounded)', () => {
    const cache = new TripCountCache();
    const long = 'x'.repeat(2_001);
    cache.set(long, '1', 5);
    expect(cache.get(long, '1')).toBeUndefined();
    expect(cache.size).toBe(0);
    cache.set('x'.repeat(2_000), '1', 5);
    expect(cache.get('x'.repeat(2_000), '1')).toBe(5);
  });
});
