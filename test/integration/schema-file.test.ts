// The committed schema.graphql is what clients and reviewers read: it must be exactly the schema
// the code builds.
import fs from 'node:fs/promises';
import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { printedSchema, SCHEMA_FILE } from '../../src/graphql/print-schema.ts';

describe('schema.graphql', () => {
  it('is the schema the code builds', async () => {
    const committed = await fs.readFile(SCHEMA_FILE, 'utf8');
    expect(
      committed,
      'schema.graphql is stale: run `npm run schema:print` and commit the result',
    ).toBe(printedSchema());
  });

  it('has a Query type with viewer and status', async () => {
    const committed = await fs.readFile(SCHEMA_FILE, 'utf8');
    expect(committed).toContain('type Query {');
    const query = buildSchema(committed).getQueryType();
    expect(query?.name).toBe('Query');
    expect(Object.keys(query?.getFields() ?? {})).toEqual(
      expect.arrayContaining(['viewer', 'status']),
    );
  });
});
