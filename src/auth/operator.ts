// Operators: the people running the service, not a customer's staff. An operator is a machine
// client whose token carries the `read:ops` scope (npm run admin -- m2m:create --scopes read:ops).
// The scope is never among a client's default scopes, and API keys never carry it: what it opens
// (the state of every pg-boss queue) spans every account.
import type { Actor } from './actor.ts';

export const OPERATOR_SCOPE = 'read:ops';

export function isOperator(actor: Actor | null): boolean {
  return actor?.scopes?.has(OPERATOR_SCOPE) === true;
}
