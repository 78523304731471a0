// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { conversionCsv, conversionCsvFilename, csvField } from './conversion-csv';
import { EMPTY_REPORT, REPORT } from './testing/conversion-fixtures';

/** A minimal RFC 4180 reader, to prove the export reads back as written. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += char;
  }
  return rows;
}

describe('the conversion CSV', () => {
  it('has a header, a row per week and a row per source, with CRLF line ends', () => {
    const csv = conversionCsv(REPORT);

    expect(csv.split('\r\n')).toEqual([
      'section,key,visitors,searched,called,signed_up',
      'week,2026-11-02,30,20,6,2',
      'week,2026-11-09,40,30,12,5',
      'week,2026-11-16,50,34,12,5',
      'source,direct,70,50,20,9',
      'source,"newsletter, ""winter""",50,34,10,3',
      '',
    ]);
    expect(parseCsv(csv)[5]).toEqual(['source', 'newsletter, "winter"', '50', '34', '10', '3']);
  });

  it('quotes line breaks and keeps text in any script', () => {
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('café, ß & 日本')).toBe('"café, ß & 日本"');
    expect(csvField('plain')).toBe('plain');
    expect(csvField(12)).toBe('12');
  });

  it('never lets a source name run as a spreadsheet formula', () => {
    for (const hostile of ['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\r=1']) {
      const field = csvField(hostile);
      const [[read]] = parseCsv(`${field}\r\n`);
      expect(read.startsWith("'")).toBe(true);
      expect(read.slice(1)).toBe(hostile);
    }
  });

  it('still has its header when nobody visited', () => {
    expect(conversionCsv(EMPTY_REPORT)).toBe('section,key,visitors,searched,called,signed_up\r\nweek,2026-01-05,0,0,0,0\r\n');
  });

  it('is named for its range and the event it is as of', () => {
    expect(conversionCsvFilename(REPORT)).toBe('ringcheck-conversion_2026-11-02_2026-11-22_event-1234.csv');
  });
});
