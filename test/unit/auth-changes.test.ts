// The auth_changes messages the triggers send (auth_change_targets migration), as the listener
// reads them: each shape names what to forget; anything else forgets everything.
import { describe, expect, it } from 'vitest';
import { parseAuthChange } from '../../src/auth/auth-changes.ts';

describe('parseAuthChange', () => {
  it('reads each message the triggers send', () => {
    expect(parseAuthChange('{"apiKeyId" : 12}')).toEqual({ apiKeyId: 12 });
    expect(parseAuthChange('{"agentId" : 3, "accountId" : 4}')).toEqual({
      agentId: 3,
      accountId: 4,
    });
    expect(parseAuthChange('{"accountId" : 4}')).toEqual({ accountId: 4 });
    expect(parseAuthChange('{"clientId" : "mc_abc"}')).toEqual({ clientId: 'mc_abc' });
    expect(parseAuthChange('{"all" : true}')).toEqual({ all: true });
  });

  it('forgets everything for what it does not understand (an older message, a missing payload, junk)', () => {
    for (const payload of [
      'api_keys',
      undefined,
      '',
      'null',
      '[1]',
      '{"apiKeyId":"12"}',
      '{"agentId":3}',
      '{"clientId":""}',
      '{"accountId":1.5}',
    ]) {
      expect(parseAuthChange(payload), String(payload)).toEqual({ all: true });
    }
  });
});
