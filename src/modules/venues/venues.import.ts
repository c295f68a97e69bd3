import { setImmediate as nextTurn } from 'node:timers/promises';
import { parse } from 'csv-parse/sync';
import { Compile } from 'typebox/compile';
import { badRequest, type FieldError } from '../../platform/http/errors.ts';
import { ImportRow, type ImportRowInput } from './venues.schemas.ts';

export const MAX_IMPORT_ROWS = 10_000;
/** Enough to fix a file by; a file with more problems is probably the wrong file. */
const MAX_REPORTED_ERRORS = 1000;
/** Rows validated between two turns of the event loop: other requests are served while a large file is checked. */
const ROWS_PER_TURN = 500;
const CSV_COLUMNS = ['sourceId', 'name', 'address', 'postalCode', 'latitude', 'longitude', 'activityIds', 'activities', 'stations'] as const;
const REQUIRED_COLUMNS = ['sourceId', 'name', 'address', 'latitude', 'longitude'];

const checkRow = Compile(ImportRow);

export interface RowError extends FieldError {
  row: number;
}

export interface ParsedImport {
  /** Valid rows by their index in the file; invalid rows are absent. */
  rows: Map<number, ImportRowInput>;
  errors: RowError[];
}

export const rowError = (row: number, path: string, message: string): RowError => ({ row, field: `rows[${row}]${path}`, location: 'body', message });

/** The 400 for a rejected file: its problems in file order, at most MAX_REPORTED_ERRORS of them. */
export function rejectedFile(errors: RowError[]) {
  const sorted = [...errors].sort((a, b) => a.row - b.row || a.field.localeCompare(b.field));
  const shown = sorted.slice(0, MAX_REPORTED_ERRORS).map(({ field, location, message }) => ({ field, location, message }));
  const more = sorted.length > shown.length ? ` The first ${shown.length} of ${sorted.length} problems are listed.` : '';
  return badRequest('invalid_import_file', `The file was rejected; nothing was imported.${more}`, shown);
}

const fileProblem = (message: string) => badRequest('invalid_import_file', message, [{ field: 'file', location: 'body', message }]);

/** Reads a JSON array or a CSV file (told apart by its first character) into validated rows. */
export async function parseImportFile(content: Buffer): Promise<ParsedImport> {
  const text = content.toString('utf8').replace(/^\uFEFF/, '');
  const records = text.trimStart().startsWith('[') ? readJson(text) : readCsv(text);
  const parsed: ParsedImport = { rows: new Map(), errors: [] };
  const firstBySource = new Map<string, number>();
  for (const [index, record] of records.entries()) {
    if (index > 0 && index % ROWS_PER_TURN === 0) await nextTurn();
    const errors = validate(record, index);
    if (errors.length) {
      parsed.errors.push(...errors);
      continue;
    }
    const row = record as ImportRowInput;
    const first = firstBySource.get(row.sourceId);
    if (first !== undefined) {
      parsed.errors.push(rowError(index, '.sourceId', `duplicates rows[${first}].sourceId`));
      continue;
    }
    firstBySource.set(row.sourceId, index);
    parsed.rows.set(index, row);
  }
  return parsed;
}

function checkCount(count: number) {
  if (count > MAX_IMPORT_ROWS) throw fileProblem(`The file has ${count} rows; at most ${MAX_IMPORT_ROWS} are accepted.`);
}

function readJson(text: string): unknown[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw fileProblem('The file is neither a JSON array nor CSV: its JSON does not parse.');
  }
  if (!Array.isArray(value)) throw fileProblem('A JSON file must hold an array of venues.');
  checkCount(value.length);
  return value;
}

function readCsv(text: string): unknown[] {
  let lines: string[][];
  try {
    const parsed: unknown = parse(text, { bom: true, skip_empty_lines: true, trim: true, relax_column_count: true });
    lines = parsed as string[][];
  } catch (error) {
    const { records, message } = error as { records?: number; message?: string };
    const where = typeof records === 'number' ? `rows[${records}]` : 'file';
    throw badRequest('invalid_import_file', 'The CSV file does not parse.', [{ field: where, location: 'body', message: message ?? 'does not parse' }]);
  }
  const [header, ...rows] = lines;
  if (!header) throw fileProblem('The file is empty.');
  const missing = REQUIRED_COLUMNS.filter((column) => !header.includes(column));
  if (missing.length) {
    throw badRequest(
      'invalid_import_file',
      'The CSV header lacks required columns.',
      missing.map((column) => ({ field: `header.${column}`, location: 'body' as const, message: 'is a required column' })),
    );
  }
  checkCount(rows.length);
  return rows.map((cells) => (cells.length === header.length ? fromCells(header, cells) : { csvFieldCount: cells.length, headerCount: header.length }));
}

/** One CSV record as a create body: numbers as numbers, lists split on `;` (or `|`). */
function fromCells(header: string[], cells: string[]): Record<string, unknown> {
  // An empty or absent activityIds column is a venue without activities, not a missing field.
  const record: Record<string, unknown> = { activityIds: [] };
  header.forEach((column, i) => {
    const cell = cells[i] ?? '';
    if (cell === '' || !(CSV_COLUMNS as readonly string[]).includes(column)) return;
    if (column === 'latitude' || column === 'longitude') record[column] = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(cell) ? Number(cell) : cell;
    else if (column === 'activityIds' || column === 'activities') record[column] = splitList(cell);
    else if (column === 'stations') record[column] = parseStations(cell);
    else record[column] = cell;
  });
  return record;
}

const splitList = (cell: string) =>
  cell
    .split(/[;|]/)
    .map((item) => item.trim())
    .filter(Boolean);

/** `EW8 Paya Lebar; CC9 Paya Lebar`, or a JSON array of station objects for colours and positions. */
function parseStations(cell: string): unknown {
  if (cell.startsWith('[')) {
    try {
      return JSON.parse(cell);
    } catch {
      return cell;
    }
  }
  return splitList(cell).map((entry) => {
    const space = entry.search(/\s/);
    return space === -1 ? { code: entry, name: '' } : { code: entry.slice(0, space), name: entry.slice(space).trim() };
  });
}

function validate(record: unknown, index: number): RowError[] {
  if (record && typeof record === 'object' && 'csvFieldCount' in record) {
    const { csvFieldCount, headerCount } = record as { csvFieldCount: number; headerCount: number };
    return [rowError(index, '', `has ${csvFieldCount} fields; the header has ${headerCount}`)];
  }
  const nul = nulFields(record, index);
  if (nul.length) return nul;
  if (checkRow.Check(record)) return [];
  const byField = new Map<string, RowError>();
  for (const violation of checkRow.Errors(record)) {
    const base = violation.instancePath
      .split('/')
      .slice(1)
      .map((segment) => (/^\d+$/.test(segment) ? `[${segment}]` : `.${segment}`))
      .join('');
    const required = (violation.params as { requiredProperties?: string[] }).requiredProperties;
    const entries = required ? required.map((name) => [`${base}.${name}`, 'is required'] as const) : [[base, violation.message] as const];
    for (const [path, message] of entries) {
      // Unions report each branch; the first message per field is the useful one.
      if (violation.keyword !== 'anyOf' && !byField.has(path)) byField.set(path, rowError(index, path, message));
    }
  }
  return byField.size ? [...byField.values()] : [rowError(index, '', 'is not a valid venue')];
}

/**
 * PostgreSQL text cannot hold NUL: a row with one is refused like any bad value (the whole file is
 * rejected with 400), never a database failure. Every string in the row is looked at, by path.
 */
function nulFields(record: unknown, index: number): RowError[] {
  const errors: RowError[] = [];
  const pending: Array<[string, unknown]> = [['', record]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [path, value] = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) errors.push(rowError(index, path, 'must not contain a NUL character'));
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => pending.push([`${path}[${i}]`, item]));
    } else if (typeof value === 'object' && value !== null) {
      for (const [name, item] of Object.entries(value)) pending.push([`${path}.${name}`, item]);
    }
  }
  return errors;
}
