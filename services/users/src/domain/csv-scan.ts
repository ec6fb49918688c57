/**
 * A fast streaming CSV reader for imports (RFC 4180, as csv-parse reads it with bom, trim, skip_empty_lines and
 * relax_column_count): a byte loop over each chunk, handing each record to `onRecord` as text cells. Cells the
 * caller does not need (`wanted`) are only measured, never decoded, so a wide or long file costs little. Broken
 * quoting throws CsvBroken; a cell or a line past its bound throws CsvTooLong with the bound's kind. No I/O.
 */

export class CsvBroken extends Error {}
export class CsvTooLong extends Error {
  /** `index`: the cell's (0-based) for a cell. */
  constructor(
    readonly kind: 'line' | 'cell',
    readonly index = 0,
  ) {
    super(kind);
  }
}

const ESCAPED_QUOTE = Buffer.from('""');

const QUOTE = 0x22;
const COMMA = 0x2c;
const CR = 0x0d;
const LF = 0x0a;
const SPACE = 0x20;
const TAB = 0x09;

enum State {
  /** At the start of a cell (only blanks seen). */
  Start,
  /** In a cell without quotes. */
  Plain,
  /** Inside quotes. */
  Quoted,
  /** A quote seen inside quotes: the end of the quotes, or the first of two (an escaped quote). */
  QuoteInQuoted,
  /** After the closing quote (only blanks may follow before a comma or line end). */
  AfterQuoted,
}

export interface CsvScanOptions {
  /** Whether the cell at `index` of the current record is decoded (else only its length is measured). */
  wanted(index: number): boolean;
  /** Bytes of one record (line) before CsvTooLong('line'). */
  maxLineBytes: number;
  /** Characters of an unwanted cell before CsvTooLong('cell'); wanted cells are checked by the caller. */
  maxCellChars: number;
  /** Cells of a record before the caller is told (it throws); reading stops counting past it. */
  maxCells: number;
  /** A record: its cells (undefined where not wanted) and how many it has. */
  onRecord(cells: (string | undefined)[], count: number): void;
}

/** A CSV read a chunk at a time. */
export class CsvScanner {
  private state = State.Start;
  private cells: (string | undefined)[] = [];
  private count = 0;
  private parts: Buffer[] = [];
  private cellChars = 0;
  private lineBytes = 0;
  private lineHasContent = false;
  private quoted = false;
  private first = true;
  private lastWasCr = false;

  constructor(private readonly options: CsvScanOptions) {}

  private endCell(): void {
    const index = this.count;
    this.count += 1;
    if (this.count > this.options.maxCells) {
      // Reported once, with the record: no more cells are kept.
      this.parts = [];
      this.cellChars = 0;
      this.quoted = false;
      return;
    }
    if (this.options.wanted(index)) {
      let text =
        this.parts.length === 1 ? (this.parts[0]?.toString('utf8') ?? '') : Buffer.concat(this.parts).toString('utf8');
      if (this.quoted) text = text.replace(/""/g, '"');
      this.cells[index] = this.quoted ? text : text.trim();
    } else {
      this.cells[index] = undefined;
      if (this.cellChars > this.options.maxCellChars) throw new CsvTooLong('cell', index);
    }
    this.parts = [];
    this.cellChars = 0;
    this.quoted = false;
  }

  private endRecord(): void {
    if (this.lineHasContent || this.count > 0) {
      this.endCell();
      const cells = this.cells;
      const count = this.count;
      this.cells = [];
      this.count = 0;
      this.options.onRecord(cells, count);
    } else {
      this.parts = [];
      this.cellChars = 0;
      this.quoted = false;
    }
    this.state = State.Start;
    this.lineBytes = 0;
    this.lineHasContent = false;
  }

  write(chunk: Buffer): void {
    let i = 0;
    if (this.first) {
      this.first = false;
      if (chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) i = 3;
    }
    // Where the current cell's bytes started in this chunk (-1: not in a cell's content).
    let from = -1;
    const keep = (to: number) => {
      if (from >= 0 && to > from) this.parts.push(chunk.subarray(from, to));
      from = -1;
    };
    for (; i < chunk.length; i += 1) {
      const byte = chunk[i] as number;
      if (this.lastWasCr) {
        this.lastWasCr = false;
        if (byte === LF) continue;
      }
      this.lineBytes += 1;
      if (this.lineBytes > this.options.maxLineBytes) throw new CsvTooLong('line');
      switch (this.state) {
        case State.Start:
          if (byte === SPACE || byte === TAB) break;
          if (byte === QUOTE) {
            this.state = State.Quoted;
            this.quoted = true;
            this.lineHasContent = true;
            from = i + 1;
            break;
          }
          if (byte === COMMA) {
            this.lineHasContent = true;
            this.endCell();
            break;
          }
          if (byte === LF || byte === CR) {
            this.lastWasCr = byte === CR;
            this.endRecord();
            break;
          }
          this.state = State.Plain;
          this.lineHasContent = true;
          from = i;
          if ((byte & 0xc0) !== 0x80) this.cellChars += 1;
          break;
        case State.Plain:
          if (byte === COMMA) {
            keep(i);
            this.endCell();
            this.state = State.Start;
          } else if (byte === LF || byte === CR) {
            keep(i);
            this.lastWasCr = byte === CR;
            this.endRecord();
          } else if (byte === QUOTE) {
            throw new CsvBroken('a quote inside an unquoted cell');
          } else {
            if (from < 0) from = i;
            if ((byte & 0xc0) !== 0x80) this.cellChars += 1;
          }
          break;
        case State.Quoted:
          if (byte === QUOTE) {
            keep(i);
            this.state = State.QuoteInQuoted;
          } else {
            if (from < 0) from = i;
            if ((byte & 0xc0) !== 0x80) this.cellChars += 1;
          }
          break;
        case State.QuoteInQuoted:
          if (byte === QUOTE) {
            // An escaped quote: kept as two, made one when the cell is decoded.
            this.parts.push(ESCAPED_QUOTE);
            this.cellChars += 1;
            this.state = State.Quoted;
            break;
          }
          this.state = State.AfterQuoted;
          i -= 1;
          this.lineBytes -= 1;
          break;
        case State.AfterQuoted:
          if (byte === SPACE || byte === TAB) break;
          if (byte === COMMA) {
            this.endCell();
            this.state = State.Start;
          } else if (byte === LF || byte === CR) {
            this.lastWasCr = byte === CR;
            this.endRecord();
          } else throw new CsvBroken('text after a closing quote');
          break;
      }
    }
    keep(chunk.length);
  }

  /** The input has ended. */
  end(): void {
    if (this.state === State.Quoted) throw new CsvBroken('an unterminated quote');
    this.endRecord();
  }
}
