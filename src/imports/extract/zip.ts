// A ZIP's central directory, read without unpacking anything (APPNOTE.TXT 4.3): the entries'
// names and sizes, and one small entry inflated with a bound. Enough to tell a Word document
// from any other ZIP, and to refuse a zip bomb before a converter unpacks it.
import { inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; anything else is not read here. */
  method: number;
  compressedSize: number;
  /** As the directory declares it (a zip bomb may lie: readZipEntry bounds what it inflates). */
  size: number;
  localHeaderOffset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The end record is 22 bytes, followed by a comment of at most 65,535. */
const END_SEARCH = 22 + 0xffff;

/** The entries of a ZIP's central directory, or undefined when the bytes are not a ZIP this reads (ZIP64 included: a document under 20 MB never needs it). */
export function zipEntries(bytes: Uint8Array): ZipEntry[] | undefined {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (data.length < 22 || data.readUInt32LE(0) !== LOCAL_HEADER) return undefined;
  let end = -1;
  for (let at = data.length - 22; at >= Math.max(0, data.length - END_SEARCH); at--) {
    if (data.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) return undefined;
  const count = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== DIRECTORY_ENTRY) return undefined;
    const nameLength = data.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
    if (next > data.length) return undefined;
    entries.push({
      name: data.toString('utf8', at + 46, at + 46 + nameLength),
      method: data.readUInt16LE(at + 10),
      compressedSize: data.readUInt32LE(at + 20),
      size: data.readUInt32LE(at + 24),
      localHeaderOffset: data.readUInt32LE(at + 42),
    });
    at = next;
  }
  return entries;
}

export interface ZipEntryContent {
  content?: Buffer;
  /** The entry unpacks to more than maxBytes (whatever the directory declares). */
  tooLarge?: boolean;
}

/** An entry's content, inflated up to maxBytes; neither content nor tooLarge when it cannot be read. */
export function readZipEntry(
  bytes: Uint8Array,
  entry: ZipEntry,
  maxBytes: number,
): ZipEntryContent {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header = entry.localHeaderOffset;
  if (header + 30 > data.length || data.readUInt32LE(header) !== LOCAL_HEADER) return {};
  const start = header + 30 + data.readUInt16LE(header + 26) + data.readUInt16LE(header + 28);
  const compressed = data.subarray(start, start + entry.compressedSize);
  if (compressed.length !== entry.compressedSize) return {};
  if (entry.method === 0)
    return compressed.length <= maxBytes ? { content: compressed } : { tooLarge: true };
  if (entry.method !== 8) return {};
  try {
    return { content: inflateRawSync(compressed, { maxOutputLength: Math.max(1, maxBytes) }) };
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE'
      ? { tooLarge: true }
      : {};
  }
}
