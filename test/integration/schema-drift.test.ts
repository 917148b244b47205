// Fails when a Prisma model and the migrated database disagree: tables, columns (type and
// nullability), enums (values and order), primary keys, unique constraints, @@index, foreign keys,
// and in reverse any table, column, enum, unique index or foreign key Prisma does not know about.
// Also checks `_prisma_migrations` against the migration files.
//
// Sources: the generated metadata (src/generated/pothos-types.ts for fields, ids and uniques;
// src/generated/prisma/enums.ts for enum values) and, for what the generated code does not
// expose (@@map/@map names, @db native types, @@index, @relation), a minimal reading of
// prisma/schema.prisma. The two are cross-checked, so a stale `src/generated` is reported too.
//
// Indexes Prisma cannot declare (partial, expression, GIN/trigram) live only in the migrations and
// are not reported; a unique index Prisma cannot declare (partial or on expressions) neither.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, readMigrations } from '../../src/db/migrate.ts';
import { getDatamodel } from '../../src/generated/pothos-types.ts';
import * as prismaEnums from '../../src/generated/prisma/enums.ts';
import { createTestDatabase } from '../helpers/database.ts';

const SCHEMA_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../prisma/schema.prisma',
);
const REGENERATE = 'run `npm run prisma:generate`';

describe('schema drift', () => {
  it('the migrated database matches every Prisma model, enum and migration', async () => {
    const differences = await compareSchema(await createTestDatabase());
    expect(differences).toEqual([]);
  });

  it("reports a column dropped and a column added behind Prisma's back", async () => {
    const databaseUrl = await createTestDatabase();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query('ALTER TABLE trips DROP COLUMN image_url');
      await client.query('ALTER TABLE trips ADD COLUMN surprise text');
    } finally {
      await client.end();
    }

    const differences = await compareSchema(databaseUrl);
    expect(differences).toEqual(
      expect.arrayContaining([
        'trips.image_url: column missing (field Trip.imageUrl String?)',
        'trips.surprise: column has no field in model Trip',
      ]),
    );
  });
});

// ------------------------------------------------------------------------------- comparison

/** Every difference between the Prisma schema and the database at `databaseUrl`, one line each. */
async function compareSchema(databaseUrl: string): Promise<string[]> {
  const differences: string[] = [];
  const schema = await expectedSchema(differences);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const db = await readDatabase(client);
    compareEnums(schema, db, differences);
    compareTables(schema, db, differences);
    await compareMigrations(client, differences);
  } finally {
    await client.end();
  }
  return differences;
}

function compareEnums(schema: ExpectedSchema, db: DatabaseSnapshot, differences: string[]): void {
  for (const expected of schema.enums) {
    const actual = db.enums.get(expected.dbName);
    if (!actual) {
      differences.push(`enum ${expected.dbName}: type missing (enum ${expected.name})`);
    } else if (actual.join(',') !== expected.values.join(',')) {
      differences.push(
        `enum ${expected.dbName}: values (${actual.join(', ')}) vs (${expected.values.join(', ')})`,
      );
    }
  }
  const known = new Set(schema.enums.map((e) => e.dbName));
  for (const name of db.enums.keys()) {
    if (!known.has(name)) differences.push(`enum ${name}: type has no Prisma enum`);
  }
}

function compareTables(schema: ExpectedSchema, db: DatabaseSnapshot, differences: string[]): void {
  const enumDbNames = new Map(schema.enums.map((e) => [e.name, e.dbName]));
  for (const model of schema.models) {
    const table = model.table;
    const columns = db.columns.get(table);
    if (!columns) {
      differences.push(`${table}: table missing (model ${model.name})`);
      continue;
    }

    for (const field of model.fields) {
      const column = columns.get(field.column);
      const where = `${table}.${field.column}`;
      if (!column) {
        differences.push(
          `${where}: column missing (field ${model.name}.${field.name} ${describeField(field)})`,
        );
        continue;
      }
      // Prisma lists cannot be optional; Prisma's own migrations declare them without NOT NULL.
      if (!field.isList && column.nullable === field.isRequired) {
        differences.push(
          `${where}: ${column.nullable ? 'nullable' : 'NOT NULL'} vs ${describeField(field)}`,
        );
      }
      const type = expectedType(field, enumDbNames);
      if (!type) {
        differences.push(
          `${where}: the test cannot check ${describeField(field)}; teach expectedType() about it`,
        );
        continue;
      }
      const udt = field.isList ? `_${type.udt}` : type.udt;
      if ((column.dataType === 'ARRAY') !== field.isList || column.udt !== udt) {
        differences.push(
          `${where}: type ${column.dataType}/${column.udt} vs ${describeField(field)}`,
        );
      } else if (
        !field.isList &&
        type.precision !== undefined &&
        column.precision !== type.precision
      ) {
        differences.push(`${where}: precision ${column.precision} vs ${describeField(field)}`);
      } else if (!field.isList && type.length !== undefined && column.length !== type.length) {
        differences.push(`${where}: length ${column.length} vs ${describeField(field)}`);
      }
    }
    const fieldColumns = new Set(model.fields.map((f) => f.column));
    for (const name of columns.keys()) {
      if (!fieldColumns.has(name))
        differences.push(`${table}.${name}: column has no field in model ${model.name}`);
    }

    const indexes = db.indexes.filter((i) => i.table === table);
    const primary = indexes.find((i) => i.primary);
    const primaryColumns = primary ? primary.columns.map((c) => c.name ?? '<expression>') : [];
    if (primaryColumns.join(',') !== model.primaryKey.join(',')) {
      differences.push(
        `${table}: primary key (${primaryColumns.join(', ')}) vs (${model.primaryKey.join(', ')}) in model ${model.name}`,
      );
    }

    // Prisma can only declare unique indexes over plain columns, without a WHERE.
    const plain = indexes.filter((i) => !i.primary && !i.partial && !i.expressions);
    const matched = new Set<DbIndex>();
    for (const unique of model.uniques) {
      const found = plain.find((i) => i.unique && sameColumns(i, unique.columns));
      if (found) matched.add(found);
      else
        differences.push(
          `${table}: no unique index on (${unique.columns.join(', ')}) for ${unique.declaration} in model ${model.name}`,
        );
    }
    for (const index of plain) {
      if (index.unique && !matched.has(index)) {
        differences.push(
          `${table}: unique index ${index.name} on (${describeColumns(index)}) is not declared in model ${model.name}`,
        );
      }
    }
    for (const index of model.indexes) {
      const found = plain.some(
        (i) =>
          !i.unique &&
          i.method === index.method &&
          sameColumns(
            i,
            index.columns.map((c) => c.name),
            index.columns.map((c) => c.desc),
          ),
      );
      if (!found) {
        const columnList = index.columns
          .map((c) => (c.desc ? `${c.name} DESC` : c.name))
          .join(', ');
        const method = index.method === 'btree' ? '' : ` USING ${index.method}`;
        differences.push(
          `${table}: no index${method} on (${columnList}) for ${index.declaration} in model ${model.name}`,
        );
      }
    }

    const foreignKeys = db.foreignKeys.filter((fk) => fk.table === table);
    const matchedKeys = new Set<DbForeignKey>();
    for (const relation of model.relations) {
      const target = `${relation.refTable}(${relation.refColumns.join(', ')})`;
      const fk = foreignKeys.find((k) => k.columns.join(',') === relation.columns.join(','));
      const what = `for ${model.name}.${relation.field}`;
      if (!fk) {
        differences.push(
          `${table}: no foreign key (${relation.columns.join(', ')}) -> ${target} ${what}`,
        );
        continue;
      }
      matchedKeys.add(fk);
      const actualTarget = `${fk.refTable}(${fk.refColumns.join(', ')})`;
      if (actualTarget !== target)
        differences.push(
          `${table}: foreign key ${fk.name} references ${actualTarget} vs ${target} ${what}`,
        );
      if (fk.onDelete !== relation.onDelete)
        differences.push(
          `${table}: foreign key ${fk.name} ON DELETE ${fk.onDelete} vs onDelete: ${relation.onDelete} ${what}`,
        );
      if (fk.onUpdate !== relation.onUpdate)
        differences.push(
          `${table}: foreign key ${fk.name} ON UPDATE ${fk.onUpdate} vs onUpdate: ${relation.onUpdate} ${what}`,
        );
    }
    for (const fk of foreignKeys) {
      if (!matchedKeys.has(fk)) {
        differences.push(
          `${table}: foreign key ${fk.name} (${fk.columns.join(', ')}) -> ${fk.refTable}(${fk.refColumns.join(', ')}) is not declared in model ${model.name}`,
        );
      }
    }
  }

  const tables = new Set(schema.models.map((m) => m.table));
  for (const table of db.columns.keys()) {
    if (table !== '_prisma_migrations' && !tables.has(table))
      differences.push(`${table}: table has no model`);
  }
}

async function compareMigrations(client: pg.Client, differences: string[]): Promise<void> {
  const {
    rows: [registry],
  } = await client.query<{ exists: boolean }>(
    `SELECT to_regclass('public._prisma_migrations') IS NOT NULL AS exists`,
  );
  if (!registry?.exists) {
    differences.push('_prisma_migrations: table missing');
    return;
  }
  const { rows } = await client.query<{
    migration_name: string;
    checksum: string;
    finished: boolean;
    rolled_back: boolean;
  }>(
    `SELECT migration_name, checksum, finished_at IS NOT NULL AS finished, rolled_back_at IS NOT NULL AS rolled_back
       FROM _prisma_migrations ORDER BY started_at`,
  );
  const migrations = await readMigrations();
  for (const migration of migrations) {
    // Prisma's checksum: sha256 of the file's bytes, as hex.
    const bytes = await fs.readFile(path.join(MIGRATIONS_DIR, migration.name, 'migration.sql'));
    const checksum = createHash('sha256').update(bytes).digest('hex');
    if (migration.checksum !== checksum) {
      differences.push(
        `_prisma_migrations: readMigrations() checksums ${migration.name} as ${migration.checksum}, the file's sha256 is ${checksum}`,
      );
    }
    const applied = rows.filter(
      (r) => r.migration_name === migration.name && r.finished && !r.rolled_back,
    );
    if (applied.length !== 1) {
      differences.push(
        `_prisma_migrations: ${applied.length} finished rows for ${migration.name}, expected 1`,
      );
    }
    for (const row of applied) {
      if (row.checksum !== checksum) {
        differences.push(
          `_prisma_migrations: ${migration.name} checksum ${row.checksum} vs ${checksum} (migration.sql changed after it was applied)`,
        );
      }
    }
  }
  const names = new Set(migrations.map((m) => m.name));
  for (const row of rows) {
    if (!names.has(row.migration_name))
      differences.push(
        `_prisma_migrations: row for ${row.migration_name}, which has no directory in prisma/migrations`,
      );
    else if (!row.finished && !row.rolled_back)
      differences.push(`_prisma_migrations: ${row.migration_name} started but never finished`);
  }
}

function sameColumns(
  index: DbIndex,
  columns: readonly string[],
  desc?: readonly boolean[],
): boolean {
  return (
    index.columns.length === columns.length &&
    index.columns.every(
      (c, i) => c.name === columns[i] && (desc === undefined || c.desc === desc[i]),
    )
  );
}

function describeColumns(index: DbIndex): string {
  return index.columns.map((c) => `${c.name ?? '<expression>'}${c.desc ? ' DESC' : ''}`).join(', ');
}

function describeField(field: ExpectedField): string {
  const native = field.nativeType
    ? ` @db.${field.nativeType.name}${field.nativeType.args.length ? `(${field.nativeType.args.join(', ')})` : ''}`
    : '';
  return `${field.type}${field.isList ? '[]' : field.isRequired ? '' : '?'}${native}`;
}

interface ColumnType {
  udt: string;
  precision?: number;
  length?: number;
}

/** The PostgreSQL type Prisma uses for a field, as information_schema's udt_name (of the element, for lists). */
function expectedType(
  field: ExpectedField,
  enumDbNames: ReadonlyMap<string, string>,
): ColumnType | undefined {
  if (field.kind === 'enum') {
    const name = enumDbNames.get(field.type);
    return name === undefined ? undefined : { udt: name };
  }
  const native = field.nativeType?.name;
  const arg = field.nativeType?.args[0];
  const number = arg === undefined ? undefined : Number(arg);
  switch (field.type) {
    case 'String':
      switch (native) {
        case undefined:
        case 'Text':
          return { udt: 'text' };
        case 'Uuid':
          return { udt: 'uuid' };
        case 'VarChar':
          return number === undefined ? { udt: 'varchar' } : { udt: 'varchar', length: number };
        case 'Char':
          return { udt: 'bpchar', length: number ?? 1 };
        case 'Citext':
          return { udt: 'citext' };
        default:
          return undefined;
      }
    case 'Int':
      switch (native) {
        case undefined:
        case 'Integer':
          return { udt: 'int4' };
        case 'SmallInt':
          return { udt: 'int2' };
        default:
          return undefined;
      }
    case 'BigInt':
      return native === undefined || native === 'BigInt' ? { udt: 'int8' } : undefined;
    case 'Float':
      switch (native) {
        case undefined:
        case 'DoublePrecision':
          return { udt: 'float8' };
        case 'Real':
          return { udt: 'float4' };
        default:
          return undefined;
      }
    case 'Decimal':
      return native === undefined || native === 'Decimal' ? { udt: 'numeric' } : undefined;
    case 'Boolean':
      return native === undefined || native === 'Boolean' ? { udt: 'bool' } : undefined;
    case 'DateTime':
      switch (native) {
        case undefined:
          return { udt: 'timestamp', precision: 3 };
        case 'Timestamp':
          return { udt: 'timestamp', precision: number ?? 6 };
        case 'Timestamptz':
          return { udt: 'timestamptz', precision: number ?? 6 };
        case 'Date':
          return { udt: 'date' };
        case 'Time':
          return { udt: 'time', precision: number ?? 6 };
        case 'Timetz':
          return { udt: 'timetz', precision: number ?? 6 };
        default:
          return undefined;
      }
    case 'Json':
      switch (native) {
        case undefined:
        case 'JsonB':
          return { udt: 'jsonb' };
        case 'Json':
          return { udt: 'json' };
        default:
          return undefined;
      }
    case 'Bytes':
      return native === undefined || native === 'ByteA' ? { udt: 'bytea' } : undefined;
    default:
      return undefined;
  }
}

// ------------------------------------------------------------------------------- the database

interface DbColumn {
  dataType: string;
  udt: string;
  nullable: boolean;
  precision: number | null;
  length: number | null;
}
interface DbIndex {
  table: string;
  name: string;
  unique: boolean;
  primary: boolean;
  partial: boolean;
  expressions: boolean;
  method: string;
  columns: { name: string | null; desc: boolean }[];
}
interface DbForeignKey {
  table: string;
  name: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
  onDelete: string;
  onUpdate: string;
}
interface DatabaseSnapshot {
  /** table -> column -> column; every base table of the public schema. */
  columns: Map<string, Map<string, DbColumn>>;
  enums: Map<string, string[]>;
  indexes: DbIndex[];
  foreignKeys: DbForeignKey[];
}

const FK_ACTIONS: Record<string, string> = {
  a: 'NoAction',
  r: 'Restrict',
  c: 'Cascade',
  n: 'SetNull',
  d: 'SetDefault',
};

async function readDatabase(client: pg.Client): Promise<DatabaseSnapshot> {
  const columns = new Map<string, Map<string, DbColumn>>();
  const tables = await client.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  for (const { table_name } of tables.rows) columns.set(table_name, new Map());
  const columnRows = await client.query<{
    table_name: string;
    column_name: string;
    is_nullable: string;
    data_type: string;
    udt_name: string;
    datetime_precision: number | null;
    character_maximum_length: number | null;
  }>(
    `SELECT table_name, column_name, is_nullable, data_type, udt_name, datetime_precision, character_maximum_length
       FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`,
  );
  for (const row of columnRows.rows) {
    columns.get(row.table_name)?.set(row.column_name, {
      dataType: row.data_type,
      udt: row.udt_name,
      nullable: row.is_nullable === 'YES',
      precision: row.datetime_precision,
      length: row.character_maximum_length,
    });
  }

  const enumRows = await client.query<{ name: string; values: string[] }>(
    `SELECT t.typname AS name, json_agg(e.enumlabel ORDER BY e.enumsortorder) AS values
       FROM pg_type t
       JOIN pg_enum e ON e.enumtypid = t.oid
       JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE n.nspname = 'public'
      GROUP BY t.typname`,
  );
  const enums = new Map(enumRows.rows.map((r) => [r.name, r.values]));

  const indexRows = await client.query<DbIndex>(
    `SELECT t.relname AS table, i.relname AS name, ix.indisunique AS unique, ix.indisprimary AS primary,
            ix.indpred IS NOT NULL AS partial, ix.indexprs IS NOT NULL AS expressions, am.amname AS method,
            (SELECT json_agg(json_build_object('name', a.attname, 'desc', (k.option & 1) = 1) ORDER BY k.n)
               FROM unnest(ix.indkey::int2[], ix.indoption::int2[]) WITH ORDINALITY AS k(attnum, option, n)
               LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
              WHERE k.n <= ix.indnkeyatts) AS columns
       FROM pg_index ix
       JOIN pg_class i ON i.oid = ix.indexrelid
       JOIN pg_class t ON t.oid = ix.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
       JOIN pg_am am ON am.oid = i.relam
      WHERE n.nspname = 'public'
      ORDER BY t.relname, i.relname`,
  );

  const fkRows = await client.query<DbForeignKey & { on_delete: string; on_update: string }>(
    `SELECT t.relname AS table, c.conname AS name, rt.relname AS "refTable",
            c.confdeltype AS on_delete, c.confupdtype AS on_update,
            (SELECT json_agg(a.attname ORDER BY k.n) FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, n)
               JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum) AS columns,
            (SELECT json_agg(a.attname ORDER BY k.n) FROM unnest(c.confkey) WITH ORDINALITY AS k(attnum, n)
               JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum) AS "refColumns"
       FROM pg_constraint c
       JOIN pg_class t ON t.oid = c.conrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
       JOIN pg_class rt ON rt.oid = c.confrelid
      WHERE c.contype = 'f' AND n.nspname = 'public'
      ORDER BY t.relname, c.conname`,
  );
  const foreignKeys = fkRows.rows.map(({ on_delete, on_update, ...fk }) => ({
    ...fk,
    onDelete: FK_ACTIONS[on_delete] ?? on_delete,
    onUpdate: FK_ACTIONS[on_update] ?? on_update,
  }));

  return { columns, enums, indexes: indexRows.rows, foreignKeys };
}

// ------------------------------------------------------------------------------- the Prisma side

interface ExpectedField {
  name: string;
  column: string;
  kind: 'scalar' | 'enum';
  type: string;
  isRequired: boolean;
  isList: boolean;
  nativeType: { name: string; args: string[] } | undefined;
}
interface ExpectedModel {
  name: string;
  table: string;
  fields: ExpectedField[];
  /** Columns, in order. */
  primaryKey: string[];
  uniques: { columns: string[]; declaration: string }[];
  indexes: { columns: { name: string; desc: boolean }[]; method: string; declaration: string }[];
  relations: {
    field: string;
    columns: string[];
    refTable: string;
    refColumns: string[];
    onDelete: string;
    onUpdate: string;
  }[];
}
interface ExpectedSchema {
  models: ExpectedModel[];
  enums: { name: string; dbName: string; values: string[] }[];
}

/**
 * The models and enums as Prisma sees them: generated metadata for fields, ids, uniques and enum
 * values; schema.prisma for names in the database, native types, @@index and @relation. Where the
 * two disagree (src/generated is stale), a difference is recorded.
 */
async function expectedSchema(differences: string[]): Promise<ExpectedSchema> {
  const parsed = parsePrismaSchema(await fs.readFile(SCHEMA_FILE, 'utf8'));
  const generated = getDatamodel().datamodel.models;

  const enums: ExpectedSchema['enums'] = [];
  const generatedEnums = Object.entries(prismaEnums as Record<string, unknown>).filter(
    (entry): entry is [string, Record<string, string>] =>
      typeof entry[1] === 'object' && entry[1] !== null,
  );
  for (const [name, values] of generatedEnums) {
    const block = parsed.enums.get(name);
    const list = Object.values(values);
    if (!block) {
      differences.push(
        `enum ${name}: in src/generated/prisma/enums.ts but not in prisma/schema.prisma (${REGENERATE})`,
      );
    } else if (block.values.join(',') !== list.join(',')) {
      differences.push(
        `enum ${name}: schema.prisma has (${block.values.join(', ')}), src/generated has (${list.join(', ')}) (${REGENERATE})`,
      );
    }
    enums.push({ name, dbName: block?.dbName ?? name, values: list });
  }
  for (const name of parsed.enums.keys()) {
    if (!generatedEnums.some(([n]) => n === name))
      differences.push(
        `enum ${name}: in prisma/schema.prisma but not in src/generated (${REGENERATE})`,
      );
  }

  const modelNames = new Set(Object.keys(generated));
  for (const name of parsed.models.keys()) {
    if (!modelNames.has(name))
      differences.push(
        `model ${name}: in prisma/schema.prisma but not in src/generated (${REGENERATE})`,
      );
  }

  const models: ExpectedModel[] = [];
  for (const [name, model] of Object.entries(generated)) {
    const block = parsed.models.get(name);
    if (!block) {
      differences.push(
        `model ${name}: in src/generated but not in prisma/schema.prisma (${REGENERATE})`,
      );
      continue;
    }
    const stale = (what: string) => differences.push(`model ${name}: ${what} (${REGENERATE})`);
    const columnOf = (field: string) => block.fields.get(field)?.map ?? field;

    const fields: ExpectedField[] = [];
    for (const field of model.fields) {
      if (field.kind !== 'scalar' && field.kind !== 'enum') continue;
      const source = block.fields.get(field.name);
      if (!source) {
        stale(`field ${field.name} is in src/generated but not in prisma/schema.prisma`);
        continue;
      }
      if (
        source.type !== field.type ||
        source.isList !== field.isList ||
        source.optional === field.isRequired ||
        source.isId !== field.isId ||
        source.isUnique !== field.isUnique
      ) {
        stale(`field ${field.name} differs between prisma/schema.prisma and src/generated`);
      }
      fields.push({
        name: field.name,
        column: source.map ?? field.name,
        kind: field.kind,
        type: field.type,
        isRequired: field.isRequired,
        isList: field.isList,
        nativeType: source.nativeType,
      });
    }
    for (const source of block.fields.values()) {
      const isRelation = parsed.models.has(source.type);
      if (!isRelation && !model.fields.some((f) => f.name === source.name)) {
        stale(`field ${source.name} is in prisma/schema.prisma but not in src/generated`);
      }
    }

    const idFields =
      model.primaryKey?.fields ?? model.fields.filter((f) => f.isId).map((f) => f.name);
    const parsedId =
      block.id ?? [...block.fields.values()].filter((f) => f.isId).map((f) => f.name);
    if (idFields.join(',') !== parsedId.join(','))
      stale(
        `primary key (${idFields.join(', ')}) in src/generated vs (${parsedId.join(', ')}) in prisma/schema.prisma`,
      );

    const uniques = [
      ...model.fields
        .filter((f) => f.isUnique)
        .map((f) => ({ columns: [columnOf(f.name)], declaration: `${f.name} @unique` })),
      ...model.uniqueIndexes.map((u) => ({
        columns: u.fields.map(columnOf),
        declaration: `@@unique([${u.fields.join(', ')}])`,
      })),
    ];
    if (
      model.uniqueIndexes.map((u) => u.fields.join(',')).join(';') !==
      block.uniques.map((u) => u.join(',')).join(';')
    ) {
      stale('@@unique differs between prisma/schema.prisma and src/generated');
    }

    const relations: ExpectedModel['relations'] = [];
    for (const source of block.fields.values()) {
      if (!source.relation || source.relation.fields.length === 0) continue;
      const target = parsed.models.get(source.type);
      if (!target) continue;
      const optional = source.relation.fields.some((f) => block.fields.get(f)?.optional);
      relations.push({
        field: source.name,
        columns: source.relation.fields.map(columnOf),
        refTable: target.dbName ?? target.name,
        refColumns: source.relation.references.map((f) => target.fields.get(f)?.map ?? f),
        onDelete: source.relation.onDelete ?? (optional ? 'SetNull' : 'Restrict'),
        onUpdate: source.relation.onUpdate ?? 'Cascade',
      });
    }

    models.push({
      name,
      table: block.dbName ?? name,
      fields,
      primaryKey: idFields.map(columnOf),
      uniques,
      indexes: block.indexes.map((index) => ({
        columns: index.columns.map((c) => ({ name: columnOf(c.field), desc: c.desc })),
        method: index.method,
        declaration: index.declaration,
      })),
      relations,
    });
  }
  return { models, enums };
}

// A minimal reader of schema.prisma: models and enums, their fields, and the attributes the
// generated code does not carry. Not a general parser: one field or block attribute per line.

interface ParsedField {
  name: string;
  type: string;
  optional: boolean;
  isList: boolean;
  isId: boolean;
  isUnique: boolean;
  map: string | undefined;
  nativeType: { name: string; args: string[] } | undefined;
  relation:
    | {
        fields: string[];
        references: string[];
        onDelete: string | undefined;
        onUpdate: string | undefined;
      }
    | undefined;
}
interface ParsedModel {
  name: string;
  dbName: string | undefined;
  fields: Map<string, ParsedField>;
  id: string[] | undefined;
  uniques: string[][];
  indexes: { columns: { field: string; desc: boolean }[]; method: string; declaration: string }[];
}
interface ParsedSchema {
  models: Map<string, ParsedModel>;
  enums: Map<string, { dbName: string | undefined; values: string[] }>;
}

function parsePrismaSchema(text: string): ParsedSchema {
  const lines = text.split('\n').map(stripComment);
  const models = new Map<string, ParsedModel>();
  const enums = new Map<string, { dbName: string | undefined; values: string[] }>();
  for (let i = 0; i < lines.length; i++) {
    const header = /^\s*(model|enum)\s+(\w+)\s*\{\s*$/.exec(lines[i] ?? '');
    if (!header) continue;
    const body: string[] = [];
    for (i++; i < lines.length && !/^\s*\}\s*$/.test(lines[i] ?? ''); i++) {
      const line = (lines[i] ?? '').trim();
      if (line) body.push(line);
    }
    const [, kind, name] = header as unknown as [string, string, string];
    const attributes = body.filter((l) => l.startsWith('@@'));
    const dbName = attributes
      .map((a) => /^@@map\(\s*"([^"]+)"/.exec(a)?.[1])
      .find((m) => m !== undefined);
    if (kind === 'enum') {
      enums.set(name, {
        dbName,
        values: body.filter((l) => !l.startsWith('@@')).map((l) => /^(\w+)/.exec(l)?.[1] ?? l),
      });
      continue;
    }
    const model: ParsedModel = {
      name,
      dbName,
      fields: new Map(),
      id: undefined,
      uniques: [],
      indexes: [],
    };
    for (const line of body) {
      if (line.startsWith('@@')) {
        const attribute = /^@@(\w+)\((.*)\)$/.exec(line);
        if (!attribute) continue;
        const [, attributeName, args] = attribute as unknown as [string, string, string];
        const list = bracketList(args);
        if (attributeName === 'id') model.id = list.map(fieldOf);
        else if (attributeName === 'unique') model.uniques.push(list.map(fieldOf));
        else if (attributeName === 'index') {
          const type = /(?:^|,)\s*type:\s*(\w+)/.exec(args.slice(args.indexOf(']') + 1))?.[1];
          model.indexes.push({
            columns: list.map((item) => ({
              field: fieldOf(item),
              desc: /sort:\s*Desc/.test(item),
            })),
            method: (type ?? 'BTree').toLowerCase(),
            declaration: `@@index(${args})`,
          });
        }
        continue;
      }
      const field = /^(\w+)\s+(\w+)(\[\])?(\?)?\s*(.*)$/.exec(line);
      if (!field) continue;
      const [, fieldName, type, list, optional, attrs] = field as unknown as [
        string,
        string,
        string,
        string | undefined,
        string | undefined,
        string,
      ];
      const native = /@db\.(\w+)(?:\(([^)]*)\))?/.exec(attrs);
      const relationArgs = attributeArgs(attrs, '@relation');
      model.fields.set(fieldName, {
        name: fieldName,
        type,
        optional: optional !== undefined,
        isList: list !== undefined,
        isId: /@id\b/.test(attrs),
        isUnique: /@unique\b/.test(attrs),
        map: /@map\(\s*"([^"]+)"/.exec(attrs)?.[1],
        nativeType: native
          ? {
              name: native[1] ?? '',
              args: native[2]
                ? native[2]
                    .split(',')
                    .map((a) => a.trim())
                    .filter(Boolean)
                : [],
            }
          : undefined,
        relation:
          relationArgs === undefined
            ? undefined
            : {
                fields: namedList(relationArgs, 'fields'),
                references: namedList(relationArgs, 'references'),
                onDelete: /onDelete:\s*(\w+)/.exec(relationArgs)?.[1],
                onUpdate: /onUpdate:\s*(\w+)/.exec(relationArgs)?.[1],
              },
      });
    }
    models.set(name, model);
  }
  return { models, enums };
}

/** The line without its `//` comment (a `//` inside a string stays). */
function stripComment(line: string): string {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (char === '"' && line[i - 1] !== '\\') quoted = !quoted;
    else if (!quoted && char === '/' && line[i + 1] === '/') return line.slice(0, i);
  }
  return line;
}

/** The arguments of `name(...)` in `attrs`, parentheses balanced. */
function attributeArgs(attrs: string, name: string): string | undefined {
  const start = attrs.indexOf(`${name}(`);
  if (start < 0) return undefined;
  let depth = 0;
  for (let i = start + name.length; i < attrs.length; i++) {
    if (attrs[i] === '(') depth++;
    else if (attrs[i] === ')' && --depth === 0) return attrs.slice(start + name.length + 1, i);
  }
  return undefined;
}

/** The items of the first `[...]` in `args`, split on top-level commas. */
function bracketList(args: string): string[] {
  const open = args.indexOf('[');
  if (open < 0) return [];
  const items: string[] = [];
  let depth = 0;
  let current = '';
  for (let i = open + 1; i < args.length; i++) {
    const char = args[i] ?? '';
    if (char === ']' && depth === 0) break;
    if (char === '(' || char === '[') depth++;
    if (char === ')' || char === ']') depth--;
    if (char === ',' && depth === 0) {
      items.push(current.trim());
      current = '';
    } else {
      current += char;
    }
  }
  if (current.trim()) items.push(current.trim());
  return items;
}

function namedList(args: string, name: string): string[] {
  const match = new RegExp(`\\b${name}:\\s*\\[([^\\]]*)\\]`).exec(args);
  return match?.[1]
    ? match[1]
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
}

function fieldOf(item: string): string {
  return /^(\w+)/.exec(item)?.[1] ?? item;
}
