// Layout readers (docs/ai-import.md#how-the-built-in-extractor-reads-free-text): each knows one way of
// writing a trip down (an agent's dated lines, a GDS display, a rail operator's confirmation) and
// runs only when its cheap filter `applies` matches. A reader claims the lines it reads in the
// document's one ledger, so no line is read twice; what no reader claims goes to the general
// day-by-day reading. What readers find goes to the timeline (../timeline.ts), which places it.
import type { DraftBlockInput } from '../../draft.ts';
import type { IsoDate } from '../finders/dates.ts';
import type { HotelMention } from '../blocks.ts';
import type { DaySection } from '../layout.ts';

/** A section of the document read as one day, with the stays it starts (a range before a hotel). */
export interface ReadDay extends DaySection {
  stays?: HotelMention[];
}

/** A booking read whole (a flight segment, a hotel segment, a train), with the day it happens on. */
export interface DatedBlock {
  date: IsoDate | null;
  block: DraftBlockInput;
}

export interface Reading {
  /** The document's days, when the reader recognised its day-by-day layout. */
  days?: ReadDay[];
  bookings?: DatedBlock[];
}

export interface ReaderInput {
  lines: readonly string[];
  now: Date;
  /** The first full date of the document, for dates written without a year. */
  anchor: IsoDate | null;
}

export interface LayoutReader {
  readonly name: string;
  /** A cheap test of the document as a whole: only then is `read` called. */
  applies(input: ReaderInput): boolean;
  /** Reads what it understands and claims those lines in the ledger. */
  read(input: ReaderInput, ledger: LineLedger): Reading;
}

/** Which reader read each line of the document. */
export class LineLedger {
  readonly lines: readonly string[];
  readonly #owners: Array<string | undefined>;

  constructor(lines: readonly string[]) {
    this.lines = lines;
    this.#owners = lines.map(() => undefined);
  }

  /** Claims a line for a reader; false when another reader has it already. */
  claim(index: number, reader: string): boolean {
    if (this.#owners[index] !== undefined && this.#owners[index] !== reader) return false;
    this.#owners[index] = reader;
    return true;
  }

  isClaimed(index: number): boolean {
    return this.#owners[index] !== undefined;
  }

  ownerOf(index: number): string | undefined {
    return this.#owners[index];
  }

  /** The lines no reader claimed, in order. */
  unclaimed(): string[] {
    return this.lines.filter((_line, i) => this.#owners[i] === undefined);
  }
}
