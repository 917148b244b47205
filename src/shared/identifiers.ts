// Identifiers: slugs for public URLs and random codes, generated; UUIDs, recognised.
import { randomInt } from 'node:crypto';

const SLUG_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
export const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export const randomString = (alphabet: string, length: number) =>
  Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');

/** `paris-summer-vacation-abc123`: the title in ASCII words, then 6 random characters. */
export function slugFor(title: string, fallback: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${words.slice(0, 60).replace(/-+$/, '') || fallback}-${randomString(SLUG_ALPHABET, 6)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id is a UUID: one that is not names no row of a UUID column (PostgreSQL would refuse to compare it). */
export const isUuid = (id: string) => UUID.test(id);
