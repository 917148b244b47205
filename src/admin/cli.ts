// `npm run admin -- <command> [options]`: each command prints exactly one JSON line on stdout
// (secrets appear only there); errors print one JSON line on stderr and exit 1.
import { parseArgs } from 'node:util';
import {
  createAccount, createAgent, createKey, createM2MClient, createOrganisation, revokeKeys,
} from '../accounts/admin.service.ts';
import { loadConfig } from '../config/config.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { migrate } from '../db/migrate.ts';
import { createPrisma, type PrismaClient } from '../db/prisma.ts';
import { AppError, ValidationError } from '../errors.ts';
import { Plan, Role } from '../generated/prisma/enums.ts';

type Options = Record<string, string | undefined>;
type Command = (prisma: PrismaClient, o: Options) => Promise<unknown>;

const COMMANDS: Record<string, { options: string[]; run: Command }> = {
  'organisation:create': { options: ['name'], run: (p, o) => createOrganisation(p, { name: required(o, 'name') }) },
  'account:create': {
    options: ['name', 'plan', 'organisation', 'owner-email', 'owner-name'],
    run: (p, o) => createAccount(p, {
      name: required(o, 'name'),
      plan: oneOf(o, 'plan', Object.values(Plan)),
      organisationId: int(o, 'organisation'),
      ownerEmail: o['owner-email'],
      ownerName: o['owner-name'],
    }),
  },
  'agent:create': {
    options: ['account', 'email', 'name', 'role'],
    run: (p, o) => createAgent(p, {
      accountId: int(o, 'account', true)!,
      email: required(o, 'email'),
      name: o['name'],
      role: oneOf(o, 'role', Object.values(Role)),
    }),
  },
  'key:create': {
    options: ['agent', 'account', 'name'],
    run: (p, o) => createKey(p, { agentId: int(o, 'agent', true)!, accountId: int(o, 'account', true)!, name: o['name'] }),
  },
  'key:revoke': { options: ['prefix'], run: (p, o) => revokeKeys(p, { prefix: required(o, 'prefix') }) },
  'm2m:create': {
    options: ['account', 'organisation', 'scopes', 'name', 'client-id'],
    run: (p, o) => createM2MClient(p, {
      accountId: int(o, 'account'),
      organisationId: int(o, 'organisation'),
      scopes: o['scopes']?.split(/[\s,]+/).filter(Boolean),
      name: o['name'],
      clientId: o['client-id'],
    }),
  },
};

function required(o: Options, name: string): string {
  const value = o[name];
  if (!value) throw new ValidationError({ [name]: [`--${name} is required.`] });
  return value;
}

function int(o: Options, name: string, isRequired = false): number | undefined {
  const value = isRequired ? required(o, name) : o[name];
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new ValidationError({ [name]: [`--${name} must be a positive integer.`] });
  return Number(value);
}

function oneOf<T extends string>(o: Options, name: string, values: readonly T[]): T | undefined {
  const value = o[name];
  if (value !== undefined && !values.includes(value as T)) throw new ValidationError({ [name]: [`--${name} must be one of ${values.join(', ')}.`] });
  return value as T | undefined;
}

async function main(argv: string[]): Promise<void> {
  const [name, ...rest] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    throw new ValidationError({ command: [`Unknown command. Commands: ${Object.keys(COMMANDS).join(', ')}.`] });
  }
  const { values } = parseArgs({
    args: rest,
    options: Object.fromEntries(command.options.map((option) => [option, { type: 'string' as const }])),
    strict: true,
  });
  const config = loadConfig();
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort });
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  const prisma = createPrisma({ databaseUrl, poolSize: 2, preparedStatements: config.databasePreparedStatements });
  try {
    await migrate(databaseUrl);
    const result = await command.run(prisma, values as Options);
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await prisma.$disconnect();
    await embedded?.stop();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const body = error instanceof ValidationError
    ? { errors: error.fields }
    : { error: { code: error instanceof AppError ? error.code : 'invalid_command', message: (error as Error).message } };
  process.stderr.write(`${JSON.stringify(body)}\n`);
  process.exitCode = 1;
});
