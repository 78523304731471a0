import type { ConversionFunnel, ConversionReport } from '../../api/conversion-api';

/** Columns of the export: one row per ISO week, then one per source, each with the funnel's counts. */
export const CONVERSION_CSV_HEADER = ['section', 'key', 'visitors', 'searched', 'called', 'signed_up'] as const;

// Spreadsheets run a cell that starts like a formula; source names come from visitors' links.
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; text never read as a formula. */
export function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const row = (section: 'week' | 'source', key: string, funnel: ConversionFunnel) =>
  [section, key, funnel.visitors, funnel.searched, funnel.called, funnel.signed_up].map(csvField).join(',');

/** The weekly and source rows of a report as one CSV document (CRLF line ends, a header row). */
export function conversionCsv(report: ConversionReport): string {
  const lines = [
    CONVERSION_CSV_HEADER.join(','),
    ...report.weeks.map((week) => row('week', week.week, week)),
    ...report.sources.map((source) => row('source', source.source, source)),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** "ringcheck-conversion_2026-09-01_2026-11-24_event-1234.csv": the range, and the event the figures are as of. */
export const conversionCsvFilename = (report: ConversionReport): string =>
  `ringcheck-conversion_${report.from}_${report.to}_event-${report.as_of.position}.csv`;
