import { describe, expect, it } from 'vitest';
import { actorCan, type Actor } from '../../src/auth/actor.ts';
import { PERMISSIONS, roleAllows } from '../../src/auth/permissions.ts';

const reads = PERMISSIONS.filter((p) => p.startsWith('read:'));
const manage = PERMISSIONS.filter((p) => p.startsWith('manage:'));
const writes = PERMISSIONS.filter((p) => !p.startsWith('read:') && !p.startsWith('manage:'));

describe('roles (docs/decisions.md#accounts-roles-and-keys)', () => {
  it('owners and admins may do everything', () => {
    for (const p of PERMISSIONS) {
      expect(roleAllows('owner', p)).toBe(true);
      expect(roleAllows('admin', p)).toBe(true);
    }
  });

  it('agents read and write, but manage nothing', () => {
    for (const p of [...reads, ...writes]) expect(roleAllows('agent', p), p).toBe(true);
    for (const p of manage) expect(roleAllows('agent', p), p).toBe(false);
  });

  it('viewers only read', () => {
    for (const p of reads) expect(roleAllows('viewer', p), p).toBe(true);
    for (const p of [...writes, ...manage]) expect(roleAllows('viewer', p), p).toBe(false);
  });
});

describe('actorCan', () => {
  const owner: Actor = {
    agentId: 1,
    accountId: 1,
    organisationId: null,
    plan: 'enterprise',
    role: 'owner',
    via: 'apiKey',
  };

  it('nobody can do anything anonymously', () => {
    expect(actorCan(null, 'read:trips')).toBe(false);
  });

  it("a machine client needs both the agent's role and the scope", () => {
    const machine: Actor = { ...owner, via: 'machine', scopes: new Set(['read:trips']) };
    expect(actorCan(machine, 'read:trips')).toBe(true);
    expect(actorCan(machine, 'create:trips')).toBe(false);
    expect(
      actorCan({ ...machine, role: 'viewer', scopes: new Set(['create:trips']) }, 'create:trips'),
    ).toBe(false);
  });
});
