// GraphQL Armor's plugins declare graphql ^16; package.json `overrides` gives them our graphql 17.
// A second copy would load a second GraphQLError class, and `instanceof` checks across the two
// fail at run time (Armor's suggestion masking, our error masking): every package resolves one.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT_GRAPHQL = fileURLToPath(new URL('../../node_modules/graphql/', import.meta.url));
const PACKAGES = [
  '@escape.tech/graphql-armor-max-tokens',
  '@escape.tech/graphql-armor-max-aliases',
  '@escape.tech/graphql-armor-max-depth',
  '@escape.tech/graphql-armor-max-directives',
  '@escape.tech/graphql-armor-block-field-suggestions',
  '@escape.tech/graphql-armor-types',
  '@pothos/plugin-complexity',
  '@pothos/core',
  'graphql-yoga',
  'graphql-jit',
];

describe('one graphql module', () => {
  it('is graphql 17.1.0', () => {
    expect(
      JSON.parse(fs.readFileSync(path.join(ROOT_GRAPHQL, 'package.json'), 'utf8')).version,
    ).toBe('17.1.0');
  });

  it.each(PACKAGES)('%s resolves the root graphql, not a copy of its own', (name) => {
    const packageDir = fileURLToPath(new URL(`../../node_modules/${name}/`, import.meta.url));
    const resolved = createRequire(path.join(packageDir, 'index.js')).resolve('graphql');
    expect(resolved.startsWith(ROOT_GRAPHQL)).toBe(true);
  });
});
