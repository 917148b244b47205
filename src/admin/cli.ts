// `npm run admin -- <command> [options]`: each command prints exactly one JSON line on stdout
// (secrets appear only there); errors print one JSON line on stderr and exit 1, a missing row
// included (an unknown key prefix, account or agent). `--help` prints the commands, and
// `<command> --help` one command's options; neither touches the database.
import { parseArgs } from 'node:util';
import { listAccounts, listAgents, listKeys } from '../accounts/admin.lists.ts';
import {
  createAccount,
  createAgent,
  createKey,
  createM2MClient,
  createOrganisation,
  revokeKeys,
} from '../accounts/admin.service.ts';
import { OPERATOR_SCOPE } from '../auth/operator.ts';
import { loadConfig } from '../config/config.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { migrate } from '../db/migrate.ts';
import { createPrisma, type PrismaClient } from '../db/prisma.ts';
import { AppError, ValidationError } from '../errors.ts';
import { Plan, Role } from '../generated/prisma/enums.ts';

type Options = Record<string, string | boolean | undefined>;
interface Command {
  summary: string;
  /** Option name → what it means; a trailing " (flag)." marks a boolean option. */
  options: Record<string, string>;
  run(prisma: PrismaClient, o: Options): Promise<unknown>;
}

const LIMIT = 'At most this many rows (default 100, at most 1000).';

const COMMANDS: Record<string, Command> = {
  'organisation:create': {
    summary: 'Create an organisation (a parent of several accounts).',
    options: { name: 'Its name (required).' },
    run: (p, o) => createOrganisation(p, { name: required(o, 'name') }),
  },
  'account:create': {
    summary: "Create an account with its owner agent and the owner's first API key (printed once).",
    options: {
      name: "The account's name (required).",
      plan: `One of ${Object.values(Plan).join(', ')} (default free).`,
      organisation: 'The id of its organisation.',
      'owner-email': "The owner's email (an existing agent is reused).",
      'owner-name': "The owner's name, for a new agent.",
    },
    run: (p, o) =>
      createAccount(p, {
        name: required(o, 'name'),
        plan: oneOf(o, 'plan', Object.values(Plan)),
        organisationId: int(o, 'organisation'),
        ownerEmail: text(o, 'owner-email'),
        ownerName: text(o, 'owner-name'),
      }),
  },
  'agent:create': {
    summary: 'Add an agent to an account (creating the agent when the email is new).',
    options: {
      account: 'The account id (required).',
      email: "The agent's email (required).",
      name: "The agent's name.",
      role: `One of ${Object.values(Role).join(', ')} (default agent).`,
    },
    run: (p, o) =>
      createAgent(p, {
        accountId: int(o, 'account', true)!,
        email: required(o, 'email'),
        name: text(o, 'name'),
        role: oneOf(o, 'role', Object.values(Role)),
      }),
  },
  'key:create': {
    summary: 'Create an API key for an agent in one of their accounts (printed once).',
    options: {
      agent: 'The agent id (required).',
      account: 'The account id (required).',
      name: 'A name for the key.',
    },
    run: (p, o) =>
      createKey(p, {
        agentId: int(o, 'agent', true)!,
        accountId: int(o, 'account', true)!,
        name: text(o, 'name'),
      }),
  },
  'key:revoke': {
    summary:
      'Revoke the active API keys with this prefix (the first 8 characters, as keys:list shows). Exit 1 when none.',
    options: { prefix: 'The key prefix, for example ak_Ab3dE (required).' },
    run: (p, o) => revokeKeys(p, { prefix: required(o, 'prefix') }),
  },
  'm2m:create': {
    summary:
      'Create a machine client (OAuth client credentials) on one account or one organisation; the secret is printed once.',
    options: {
      account: 'The account id of its grant (this or --organisation).',
      organisation: 'The organisation id of its grant (all its accounts).',
      scopes: `Space- or comma-separated scopes (default every permission; ${OPERATOR_SCOPE}, the operators' scope, only when given).`,
      name: 'A name for the client.',
      'client-id': 'An explicit client id: a client of an external OAuth issuer.',
    },
    run: (p, o) =>
      createM2MClient(p, {
        accountId: int(o, 'account'),
        organisationId: int(o, 'organisation'),
        scopes: text(o, 'scopes')
          ?.split(/[\s,]+/)
          .filter(Boolean),
        name: text(o, 'name'),
        clientId: text(o, 'client-id'),
      }),
  },
  'accounts:list': {
    summary: 'List accounts with their plan, organisation and number of members.',
    options: {
      organisation: 'Only the accounts of this organisation.',
      plan: 'Only accounts on this plan.',
      limit: LIMIT,
    },
    run: (p, o) =>
      listAccounts(p, {
        organisationId: int(o, 'organisation'),
        plan: oneOf(o, 'plan', Object.values(Plan)),
        limit: limit(o),
      }),
  },
  'agents:list': {
    summary: 'List agents with their role in each account.',
    options: {
      account: 'Only the members of this account.',
      email: 'Only the agent with this email (exit 1 when none).',
      limit: LIMIT,
    },
    run: (p, o) =>
      listAgents(p, { accountId: int(o, 'account'), email: text(o, 'email'), limit: limit(o) }),
  },
  'keys:list': {
    summary: 'List API keys by prefix (never the key itself), active ones unless --revoked.',
    options: {
      account: 'Only the keys of this account.',
      agent: 'Only the keys of this agent.',
      revoked: 'Include revoked keys (flag).',
      limit: LIMIT,
    },
    run: (p, o) =>
      listKeys(p, {
        accountId: int(o, 'account'),
        agentId: int(o, 'agent'),
        revoked: o.revoked === true,
        limit: limit(o),
      }),
  },
};

function text(o: Options, name: string): string | undefined {
  const value = o[name];
  return typeof value === 'string' ? value : undefined;
}

function required(o: Options, name: string): string {
  const value = text(o, name);
  if (!value) throw new ValidationError({ [name]: [`--${name} is required.`] });
  return value;
}

function int(o: Options, name: string, isRequired = false): number | undefined {
  const value = isRequired ? required(o, name) : text(o, name);
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value))
    throw new ValidationError({ [name]: [`--${name} must be a positive integer.`] });
  return Number(value);
}

function oneOf<T extends string>(o: Options, name: string, values: readonly T[]): T | undefined {
  const value = text(o, name);
  if (value !== undefined && !values.includes(value as T))
    throw new ValidationError({ [name]: [`--${name} must be one of ${values.join(', ')}.`] });
  return value as T | undefined;
}

function limit(o: Options): number {
  const value = int(o, 'limit') ?? 100;
  if (value < 1 || value > 1000)
    throw new ValidationError({ limit: ['--limit must be between 1 and 1000.'] });
  return value;
}

const isFlag = (description: string) => description.endsWith('(flag).');

function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  const lines = Object.entries(COMMANDS).map(
    ([name, command]) => `  ${name.padEnd(width)}  ${command.summary}`,
  );
  return [
    'Usage: npm run admin -- <command> [options]',
    '',
    'Each command prints one JSON line on stdout; an error prints one JSON line on stderr and exits 1.',
    'It uses DATABASE_URL, or the embedded PostgreSQL in DATA_DIR like npm start.',
    '',
    'Commands:',
    ...lines,
    '',
    'npm run admin -- <command> --help shows the options of a command.',
    '',
  ].join('\n');
}

function commandUsage(name: string, command: Command): string {
  const options = Object.entries(command.options).map(([option, description]) =>
    isFlag(description)
      ? `  --${option}\n      ${description.replace(/ \(flag\)\.$/, '.')}`
      : `  --${option} <value>\n      ${description}`,
  );
  return [
    `Usage: npm run admin -- ${name} [options]`,
    '',
    command.summary,
    '',
    'Options:',
    ...options,
    '  --help\n      This text.',
    '',
  ].join('\n');
}

async function main(argv: string[]): Promise<void> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage());
    if (name === undefined) process.exitCode = 1;
    return;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command)
    throw new ValidationError({
      command: [
        `Unknown command ${name}. Commands: ${Object.keys(COMMANDS).join(', ')} (npm run admin -- --help).`,
      ],
    });
  const { values } = parseArgs({
    args: rest,
    options: {
      ...Object.fromEntries(
        Object.entries(command.options).map(([option, description]) => [
          option,
          { type: isFlag(description) ? ('boolean' as const) : ('string' as const) },
        ]),
      ),
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(commandUsage(name, command));
    return;
  }
  const config = loadConfig();
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort });
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  const prisma = createPrisma({
    databaseUrl,
    poolSize: 2,
    preparedStatements: config.databasePreparedStatements,
    transactionTimeoutMs: config.databaseTransactionTimeoutMs,
  });
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
  const body =
    error instanceof ValidationError
      ? { errors: error.fields }
      : {
          error: {
            code: error instanceof AppError ? error.code : 'invalid_command',
            message: (error as Error).message,
          },
        };
  process.stderr.write(`${JSON.stringify(body)}\n`);
  process.exitCode = 1;
});
