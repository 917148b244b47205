import { describe, expect, it } from 'vitest';
import { parseOnBehalfOf } from '../../src/auth/on-behalf-of.ts';
import { BadRequestError, ForbiddenError } from '../../src/errors.ts';

describe('parseOnBehalfOf', () => {
  it('absent header: undefined (the caller decides, rule 2)', () => {
    expect(parseOnBehalfOf([])).toBeUndefined();
  });

  it('an email, lower-cased, with the account left to rule 3', () => {
    expect(parseOnBehalfOf([' Ana@Agency.Test '])).toEqual({
      email: 'ana@agency.test',
      accountId: undefined,
    });
  });

  it('an email and an account id', () => {
    expect(parseOnBehalfOf(['ana@agency.test, 42'])).toEqual({
      email: 'ana@agency.test',
      accountId: 42,
    });
  });

  it('rule 5: two header lines, or two emails folded into one, are a 400', () => {
    expect(() => parseOnBehalfOf(['a@x.test', 'a@x.test'])).toThrow(BadRequestError);
    expect(() => parseOnBehalfOf(['a@x.test,1, b@y.test,2'])).toThrow(BadRequestError);
  });

  it.each(['', ',1', 'a@x.test,abc', 'a@x.test,1,2', 'a@x.test,-1', 'a@x.test,99999999999'])(
    '%j cannot be resolved: the same 403',
    (value) => {
      expect(() => parseOnBehalfOf([value])).toThrow(ForbiddenError);
    },
  );
});
