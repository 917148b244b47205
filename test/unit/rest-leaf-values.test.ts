// The REST facade's operations skip graphql-jit's serializers for built-in scalars and enums
// (src/rest/execute.ts): a value goes out as the resolver returned it. That is the same JSON
// only while no output field is an ID or a Float (their serializers convert) and every enum's
// internal value is its name. This keeps those conditions true.
import { getNamedType, isEnumType, isObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { DOMAINS } from '../../src/domains.ts';
import { buildSchema } from '../../src/graphql/schema.ts';

const schema = await buildSchema(DOMAINS);

describe('output leaves the REST facade sends unserialized', () => {
  it('no field is an ID or a Float, and every enum value is its own name', () => {
    const converting: string[] = [];
    const renamed: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (type.name.startsWith('__')) continue;
      if (isObjectType(type)) {
        for (const field of Object.values(type.getFields())) {
          const leaf = getNamedType(field.type).name;
          if (leaf === 'ID' || leaf === 'Float')
            converting.push(`${type.name}.${field.name}: ${leaf}`);
        }
      }
      if (isEnumType(type)) {
        for (const value of type.getValues())
          if (value.value !== value.name) renamed.push(`${type.name}.${value.name}`);
      }
    }
    expect(converting).toEqual([]);
    expect(renamed).toEqual([]);
  });
});
