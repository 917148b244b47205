import { describe, expect, it } from 'vitest';
import { parseCreateImport } from '../../src/imports/import.input.ts';

/** An object nested `levels` deep: {"a": {"a": ... {}}}. */
function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let i = 1; i < levels; i++) value = { a: value };
  return value;
}

describe('an import whose text is JSON nested too deep', () => {
  it.each([65, 5_000, 100_000])('refuses %i levels as invalid_source, naming where', (levels) => {
    expect(() => parseCreateImport({ source: { type: 'text', text: nested(levels) } })).toThrow(
      expect.objectContaining({
        code: 'invalid_source',
        message: expect.stringMatching(
          /^source\.text nests deeper than 64 levels .*source\.text\.a\.a/,
        ),
      }),
    );
  });

  it('accepts an export of ordinary depth', () => {
    const text = { booking: { services: [{ type: 'HOTEL', dates: { in: '2026-05-01' } }] } };
    expect(parseCreateImport({ source: { type: 'text', text: nested(64) } }).source.type).toBe(
      'text',
    );
    expect(parseCreateImport({ source: { type: 'text', text } }).source).toEqual({
      type: 'text',
      text,
    });
  });
});
