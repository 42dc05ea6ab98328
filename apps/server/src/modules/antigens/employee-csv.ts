import { antigenResultLabels, employeeCsvColumns, messages, type Employee } from '@receta/domain';
import { AppError } from '../../platform/http/app-error.ts';

export type EmployeeCsvColumn = (typeof employeeCsvColumns)[number];

/** One record of an imported file: the line it starts on (the header is line 1) and its cells by column. */
export interface EmployeeCsvRow {
  line: number;
  cells: Record<EmployeeCsvColumn, string>;
}

/** A record of a CSV text and the line it starts on. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

export const maxImportRows = 5000;

const exportColumns = [...employeeCsvColumns, 'ultimo_resultado', 'fecha_ultimo_test'] as const;
const bom = '\uFEFF';

// A cell starting with one of these is a formula to a spreadsheet: a name like
// '=HYPERLINK(...)' would run when the export is opened (CSV injection, OWASP).
const formulaStart = /^[=+\-@\t\r]/;

const invalidCsv = () => new AppError('invalid_data', messages.employees.csvInvalid, 'csvInvalid');

/** The text of a file that must be UTF-8 text: anything else (an image, a spreadsheet, Latin-1) is no CSV of ours. */
function decodeText(content: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    throw invalidCsv();
  }
  if (text.includes('\0')) throw invalidCsv();
  return text.startsWith(bom) ? text.slice(bom.length) : text;
}

/** The separator of the header line: ';' (what Excel writes in Spanish) or ','. */
function separatorOf(text: string): ';' | ',' {
  const header = text.slice(0, text.search(/\r?\n|$/));
  return header.split(';').length >= header.split(',').length ? ';' : ',';
}

/**
 * The records of an RFC 4180 text: cells split by `separator`; a cell that starts with a
 * quote may hold separators, line breaks and doubled quotes. A quote left open, or text after
 * a closing quote, makes the file invalid. Records whose cells are all empty (the blank rows
 * spreadsheets leave at the end) are skipped. Stops reading after `maxRecords`.
 */
export function parseCsv(text: string, separator: string, maxRecords = Infinity): CsvRecord[] {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let isInQuotes = false;
  let wasQuoted = false;
  let line = 1;
  let recordLine = 1;
  const endCell = () => {
    cells.push(cell);
    cell = '';
    wasQuoted = false;
  };
  const endRecord = () => {
    endCell();
    if (cells.some((text) => text !== '')) records.push({ line: recordLine, cells });
    cells = [];
  };
  for (let index = 0; index < text.length && records.length <= maxRecords; index += 1) {
    const character = text[index];
    if (isInQuotes) {
      if (character !== '"') {
        if (character === '\n') line += 1;
        cell += character;
      } else if (text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else {
        isInQuotes = false;
        wasQuoted = true;
      }
    } else if (character === separator) {
      endCell();
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && text[index + 1] === '\n') index += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else if (wasQuoted) {
      throw invalidCsv();
    } else if (character === '"' && cell === '') {
      isInQuotes = true;
    } else {
      cell += character;
    }
  }
  if (isInQuotes) throw invalidCsv();
  endRecord();
  return records;
}

/**
 * The employees of an imported file: UTF-8 (a BOM is fine), ';' or ',' separated, a header
 * naming every column of `employeeCsvColumns` in any order (others, such as the export's last
 * result, are ignored), at most 5000 records. Missing cells read as empty.
 */
export function parseEmployeeCsv(content: Uint8Array): EmployeeCsvRow[] {
  const text = decodeText(content);
  const [header, ...records] = parseCsv(text, separatorOf(text), maxImportRows + 1);
  if (!header) throw invalidCsv();
  const names = header.cells.map((name) => name.trim().toLowerCase());
  const positions = employeeCsvColumns.map((column) => names.indexOf(column));
  if (positions.some((position) => position === -1)) throw invalidCsv();
  if (records.length > maxImportRows) {
    throw new AppError('payload_too_large', messages.employees.csvTooLarge, 'csvTooLarge');
  }
  return records.map(({ line, cells }) => ({
    line,
    cells: Object.fromEntries(employeeCsvColumns.map((column, at) =>
      [column, unescapeFormula((cells[positions[at] ?? -1] ?? '').trim())])) as Record<EmployeeCsvColumn, string>,
  }));
}

/** A date of the file as ISO: dd/mm/yyyy (as Argentina writes it) or yyyy-mm-dd; anything else is left as is. */
export function isoDateOf(text: string): string {
  const argentine = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (!argentine) return text;
  const [, day = '', month = '', year = ''] = argentine;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

function argentineDateOf(iso: string | null): string {
  if (!iso) return '';
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

function escapeFormula(text: string): string {
  return formulaStart.test(text) ? `'${text}` : text;
}

/** Undoes `escapeFormula`, so that an exported file imports back as it was. */
function unescapeFormula(text: string): string {
  return text.startsWith("'") && formulaStart.test(text.slice(1)) ? text.slice(1) : text;
}

function csvCell(text: string): string {
  const safe = escapeFormula(text);
  return /[";\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * Employees as a CSV that Excel opens with its accents and columns: UTF-8 with a BOM, ';'
 * separated, CRLF line ends, dates as dd/mm/yyyy, the import's columns plus the last result.
 */
export function employeesCsv(rows: readonly Employee[]): string {
  const lines = rows.map((employee) => [
    employee.lastName, employee.name, employee.dni, argentineDateOf(employee.birthDate), employee.email ?? '',
    employee.phone ?? '', employee.position ?? '', employee.lastResult ? antigenResultLabels[employee.lastResult] : '',
    argentineDateOf(employee.lastTestedOn),
  ].map(csvCell).join(';'));
  return `${bom}${[exportColumns.join(';'), ...lines].map((line) => `${line}\r\n`).join('')}`;
}
