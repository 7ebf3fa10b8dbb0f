import { stringify } from "csv-stringify/sync";
import type { Answer } from "./answer.server";
import { formatPhone, onlyDigits } from "~/lib/format";

/**
 * CSV files for spreadsheets set to Portuguese (every `?format=csv` of the JSON API
 * and every 'Exportar CSV' of the screens): `;` between cells, a UTF-8 byte order
 * mark, a cell that starts with `= + - @`, a tab or a carriage return prefixed with
 * `'` (so a spreadsheet never runs it as a formula). Dates and amounts are given
 * already formatted by the caller (`csvDay`, `csvDecimal`).
 *
 * The rows are pulled in batches as the client reads: a file of 100 000 rows
 * never sits whole in memory, on the server or in the iterator behind it.
 */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | null | undefined;
}

export const CSV_TYPE = "text/csv; charset=utf-8";
const BATCH = 500;
const OPTIONS = { delimiter: ";", escape_formulas: true, record_delimiter: "\r\n" } as const;

export function csvAnswer<Row>(filename: string, columns: readonly CsvColumn<Row>[], rows: Iterable<Row> | AsyncIterable<Row>): Answer {
  const iterator =
    Symbol.asyncIterator in rows ? (rows as AsyncIterable<Row>)[Symbol.asyncIterator]() : (rows as Iterable<Row>)[Symbol.iterator]();
  const encoder = new TextEncoder();
  let started = false;
  let done = false;
  return {
    status: 200,
    headers: {
      "Content-Type": CSV_TYPE,
      "Content-Disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "no-store",
    },
    body: null,
    async pull() {
      if (done) return null;
      const first = !started;
      started = true;
      const records: (string | number)[][] = first ? [columns.map((column) => column.header)] : [];
      while (records.length < BATCH) {
        const next = await iterator.next();
        if (next.done) {
          done = true;
          break;
        }
        records.push(columns.map((column) => column.value(next.value) ?? ""));
      }
      if (records.length === 0) return null;
      return encoder.encode(stringify(records, { ...OPTIONS, bom: first }));
    },
  };
}

const decimal = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '1.234,56' from a number or a decimal string like the API's "1234.56" (blank for none). */
export function csvDecimal(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? decimal.format(n) : "";
}

/**
 * '(11) 98002-3307' from stored digits (blank for none): the way people write
 * it, and text to Excel, which would turn bare digits into a number. A number
 * that is not DDD + 8 or 9 digits is left as stored.
 */
export function csvPhone(value: string | null | undefined): string {
  if (!value) return "";
  const digits = onlyDigits(value);
  return digits.length === 10 || digits.length === 11 ? formatPhone(digits) : value;
}

/** '21/11/2026' from '2026-11-21' or an ISO timestamp (its date part; blank for none). */
export function csvDay(value: string | null | undefined): string {
  if (!value) return "";
  const [y, m, d] = value.slice(0, 10).split("-");
  return `${d}/${m}/${y}`;
}
