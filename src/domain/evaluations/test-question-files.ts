// Test questions as files an owner keeps beside their content: JSONL (one question object a line)
// or CSV with the header `question,expectedSourceIds,expectNothing,k` (source ids space-separated).
import type { TestQuestionRecord } from '../../ports/evaluation-store.ts';
import { invalidBody } from '../errors.ts';
import type { TestQuestionInput } from './test-question-fields.ts';

export type QuestionFileFormat = 'jsonl' | 'csv';

const CSV_HEADER = ['question', 'expectedSourceIds', 'expectNothing', 'k'] as const;

const quote = (field: string): string => (/[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field);

export function writeQuestionFile(questions: readonly TestQuestionRecord[], format: QuestionFileFormat): string {
  if (format === 'jsonl') {
    return questions
      .map((q) =>
        JSON.stringify(
          q.expectNothing
            ? { question: q.question, expectNothing: true, k: q.k }
            : { question: q.question, expectedSourceIds: q.expectedSourceIds, k: q.k },
        ),
      )
      .map((line) => `${line}\n`)
      .join('');
  }
  const rows = questions.map((q) => [
    q.question,
    (q.expectedSourceIds ?? []).join(' '),
    q.expectNothing ? 'true' : 'false',
    String(q.k),
  ]);
  return [CSV_HEADER, ...rows].map((row) => `${row.map(quote).join(',')}\r\n`).join('');
}

/** RFC 4180 records: quoted fields may hold commas, quotes ("") and line breaks. A quote inside an
 * unquoted field is text, as spreadsheets read it (`Say "hi"` keeps its quotes), and a quoted field
 * never closed is refused naming its line, rather than read as the rest of the file. */
function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let fresh = true; // nothing of this field read yet: only there does a quote open a quoted field
  let line = 1;
  let openedOn = 0;
  const endField = () => {
    record.push(field);
    field = '';
    fresh = true;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"' && fresh) {
      quoted = true;
      fresh = false;
      openedOn = line;
    } else if (c === ',') endField();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      line++;
      endField();
      if (record.some((value) => value !== '')) records.push(record);
      record = [];
    } else {
      field += c;
      fresh = false;
    }
  }
  if (quoted) throw invalidBody({ [`line ${openedOn}`]: ['opens a quoted field (") that is never closed'] });
  record.push(field);
  if (record.some((value) => value !== '')) records.push(record);
  return records;
}

/** The questions a file holds, each still to be checked against the agent; 400 naming the line. */
export function readQuestionFile(file: string, format: QuestionFileFormat): TestQuestionInput[] {
  // Editors that save "UTF-8" as Windows does start the file with a byte order mark, which no JSON
  // parser takes: it is not part of the first line.
  const text = file.startsWith('\uFEFF') ? file.slice(1) : file;
  if (format === 'jsonl') {
    return text.split(/\r?\n/).flatMap((line, i) => {
      if (line.trim() === '') return [];
      try {
        return [JSON.parse(line) as TestQuestionInput];
      } catch {
        throw invalidBody({ [`line ${i + 1}`]: ['is not a JSON object'] });
      }
    });
  }
  const [header, ...rows] = csvRecords(text);
  const columns = (header ?? []).map((name) => name.trim());
  if (!columns.includes('question')) throw invalidBody({ 'line 1': [`must be the header ${CSV_HEADER.join(',')}`] });
  // A misspelt column would be read as empty; an unnamed one (a spreadsheet's trailing comma) is not.
  const unknown = columns.filter((name) => name !== '' && !(CSV_HEADER as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw invalidBody({
      'line 1': unknown.map((name) => `has a column "${name}" that is not one of ${CSV_HEADER.join(', ')}`),
    });
  return rows.map((row) => {
    const value = (name: string) => row[columns.indexOf(name)]?.trim() ?? '';
    const ids = value('expectedSourceIds').split(/\s+/).filter(Boolean);
    const k = value('k');
    // true or false in any case, or empty; anything else is kept as written, to be refused by name.
    const nothing = value('expectNothing');
    const expectNothing = /^(true|false)?$/i.test(nothing) ? nothing.toLowerCase() === 'true' : nothing;
    return {
      question: value('question'),
      ...(ids.length > 0 && { expectedSourceIds: ids }),
      ...(expectNothing !== false && { expectNothing }),
      ...(k !== '' && { k: Number(k) }),
    } as TestQuestionInput;
  });
}
