// The folding of list terms (lists/case-fold.ts) and the database's fold_case must be one table:
// a term folded otherwise than the stored text would silently miss it.
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../src/db/migrate.ts';
import { foldCase } from '../../src/lists/case-fold.ts';
import { CASE_FOLD_FROM, CASE_FOLD_TO } from '../../src/lists/case-fold.table.ts';

const sqlString = (s: string) => `'${s.replaceAll("'", "''")}'`;

describe('foldCase', () => {
  it('is the table of the migration that creates fold_case', async () => {
    const sql = await fs.readFile(
      path.join(MIGRATIONS_DIR, '20261125040000_unicode_case_fold/migration.sql'),
      'utf8',
    );
    expect(sql).toContain(
      `translate($1,\n    ${sqlString(CASE_FOLD_FROM)},\n    ${sqlString(CASE_FOLD_TO)})`,
    );
    expect([...CASE_FOLD_FROM].length).toBe([...CASE_FOLD_TO].length);
    expect(new Set(CASE_FOLD_FROM).size).toBe([...CASE_FOLD_FROM].length);
  });

  it('folds by Unicode simple case folding, one code point to one', () => {
    expect(foldCase('Ñandú ÉTÉ ΑΘΗΝΑ МОСКВА')).toBe('ñandú été αθηνα москва');
    // German: ẞ and ß are one letter; "SS" stays two (full folding would make ß "ss").
    expect(foldCase('STRAẞE Straße STRASSE')).toBe('straße straße strasse');
    // Greek: final and medial sigma are one letter.
    expect(foldCase('ΟΔΥΣΣΕΥΣ Οδυσσευς')).toBe('οδυσσευσ οδυσσευσ');
    // Turkish: I folds to i as in other languages; İ has no simple folding and ı none either.
    expect(foldCase('ISTANBUL İzmir ıspanak')).toBe('istanbul İzmir ıspanak');
    // Signs, the Kelvin sign and fullwidth letters fold to their letters; the rest is untouched.
    expect(foldCase('K Ａ 🏖️ 東京 50%_\\')).toBe('k ａ 🏖️ 東京 50%_\\');
  });
});
