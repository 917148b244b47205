// Turns a request's credentials into an Actor. No Authorization header: anonymous (null), and
// each operation decides whether that is enough. A header that does not authenticate: 401.
import type { PrismaClient } from '../db/prisma.ts';
import { ForbiddenError, UnauthenticatedError } from '../errors.ts';
import type { Actor } from './actor.ts';
import type { ApiKeyVerifier } from './api-keys.ts';
import type { MachineAuth } from './machine-clients.ts';
import { parseOnBehalfOf, resolveOnBehalfOf } from './on-behalf-of.ts';

export interface Credentials {
  authorization: string | null;
  /** Every `x-on-behalf-of` header line received, in order. */
  onBehalfOf: readonly string[];
}

export class Authenticator {
  private readonly prisma: PrismaClient;
  private readonly apiKeys: ApiKeyVerifier;
  private readonly machines: MachineAuth;

  constructor(prisma: PrismaClient, apiKeys: ApiKeyVerifier, machines: MachineAuth) {
    this.prisma = prisma;
    this.apiKeys = apiKeys;
    this.machines = machines;
  }

  async authenticate(credentials: Credentials): Promise<Actor | null> {
    if (credentials.authorization === null) return null;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(credentials.authorization);
    if (!match)
      throw new UnauthenticatedError(
        'invalid_api_key',
        'The Authorization header must be "Bearer <API key>".',
      );
    const token = match[1]!;
    if (token.startsWith('ak_')) {
      // Rule 1: API keys ignore x-on-behalf-of.
      const identity = await this.apiKeys.verify(token);
      if (!identity) throw new UnauthenticatedError('invalid_api_key');
      return { ...identity, via: 'apiKey' };
    }
    return this.authenticateMachine(token, credentials.onBehalfOf);
  }

  private async authenticateMachine(token: string, onBehalfOf: readonly string[]): Promise<Actor> {
    const machine = await this.machines.verify(token);
    if (!machine)
      throw new UnauthenticatedError('invalid_api_key', 'The access token is not valid.');
    const target = parseOnBehalfOf(onBehalfOf);
    // Rule 2: without the header a machine client falls to a legacy flow that is not offered here.
    if (!target)
      throw new ForbiddenError('Machine clients must name an agent in the x-on-behalf-of header.');
    const resolved = await resolveOnBehalfOf(this.prisma, machine.grant, target);
    return {
      ...resolved,
      via: 'machine',
      clientId: machine.grant.clientId,
      scopes: machine.scopes,
    };
  }
}
