import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { ExtractError, extractFile, type ExtractFailure } from './extract-file.ts';

const FIXTURES = new URL('../../../test/fixtures/files/', import.meta.url);
const fixture = (name: string): Uint8Array => readFileSync(new URL(name, FIXTURES));

async function failure(bytes: Uint8Array, filename: string): Promise<ExtractFailure> {
  const error = await extractFile({ bytes, filename }).then(
    () => null,
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof ExtractError, `${filename}: expected an ExtractError, got ${String(error)}`);
  return error.reason;
}

test('a multi-page PDF keeps each paragraph with its page number', async () => {
  const { kind, sections } = await extractFile({ bytes: fixture('lighthouses.pdf'), filename: 'lighthouses.pdf' });
  assert.equal(kind, 'pdf');
  assert.deepEqual([...new Set(sections.map((section) => section.page))], [1, 2, 3]);
  const pageOf = (start: string) => sections.find((section) => section.text.startsWith(start))?.page;
  assert.equal(pageOf('For most of history a ship'), 1);
  assert.equal(pageOf('In 1822 the French physicist Augustin Fresnel'), 2);
  assert.equal(pageOf('Electric lamps replaced oil'), 3);
  // Lines of one paragraph are joined; the paragraph ends where the text does.
  const first = sections.find((section) => section.text.startsWith('For most of history'));
  assert.match(first!.text, /to guide it\. The first lighthouses .* before earthquakes brought it down\.$/);
  assert.ok(
    sections.every(
      (section) => section.heading === null && section.text.trim() === section.text && section.text !== '',
    ),
  );
  // Table cells on one line stay apart.
  assert.ok(sections.some((section) => section.text === 'First 920 mm Major seacoast lights'));
});

test('a DOCX gives paragraphs, list items and table rows under their headings', async () => {
  const { kind, sections } = await extractFile({ bytes: fixture('lighthouses.docx'), filename: 'Lighthouses.DOCX' });
  assert.equal(kind, 'docx');
  const headingOf = (start: string) => sections.find((section) => section.text.startsWith(start))?.heading;
  assert.equal(headingOf('For most of history'), 'Lighthouses and the Lenses That Made Them Shine');
  // Under the document's title (its h1), each section heading: the heading path.
  const title = 'Lighthouses and the Lenses That Made Them Shine';
  assert.equal(headingOf('By the eighteenth century'), `${title} › The Problem of Wasted Light`);
  assert.equal(headingOf('Sailors needed to tell'), `${title} › Flashes and Characteristics`);
  assert.ok(
    sections.some(
      (section) =>
        section.text === 'Winding the clockwork that turned the lens.' &&
        section.heading === `${title} › The Life of a Keeper`,
    ),
  );
  assert.ok(sections.some((section) => section.text === 'First | 920 mm | Major seacoast lights'));
  assert.ok(sections.every((section) => section.page === null));
  // Headings travel in `heading`, not as sections of their own.
  assert.ok(!sections.some((section) => section.text === 'The Problem of Wasted Light'));
});

test('a legacy DOC gives its paragraphs', async () => {
  const { kind, sections } = await extractFile({ bytes: fixture('lighthouses.doc'), filename: 'lighthouses.doc' });
  assert.equal(kind, 'doc');
  assert.ok(
    sections.some((section) =>
      section.text.startsWith('In 1822 the French physicist Augustin Fresnel demonstrated a new kind of lens.'),
    ),
  );
  assert.ok(sections.some((section) => section.text === 'The Life of a Keeper'));
  assert.ok(sections.every((section) => section.heading === null && section.page === null));
});

test('TXT in UTF-8, UTF-16 LE with a BOM and UTF-16 BE with a BOM reads the same, split at blank lines', async () => {
  const utf8 = await extractFile({ bytes: fixture('tides-utf8.txt'), filename: 'tides.txt' });
  const utf16 = await extractFile({ bytes: fixture('tides-utf16le.txt'), filename: 'tides.txt' });
  const text = readFileSync(new URL('tides-utf8.txt', FIXTURES), 'utf8');
  const utf16be = Buffer.from(text, 'utf16le').swap16();
  const be = await extractFile({ bytes: Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be]), filename: 'tides.txt' });
  const bom = await extractFile({
    bytes: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
    filename: 'tides.txt',
  });
  assert.equal(utf8.kind, 'txt');
  assert.equal(utf8.sections.length, 5);
  assert.deepEqual(utf16.sections, utf8.sections);
  assert.deepEqual(be.sections, utf8.sections);
  assert.deepEqual(bom.sections, utf8.sections);
  assert.equal(utf8.sections[0]!.text, 'Tide tables and why they work');
  assert.match(
    utf8.sections[3]!.text,
    /^The Sun also raises tides, .* produce spring tides – the highest highs and lowest lows\. .* neap tides\.$/,
  );
  assert.match(utf8.sections[4]!.text, /café owner on the quay/);
});

test('content decides the type: allowed content under no extension is read', async () => {
  assert.equal((await extractFile({ bytes: fixture('lighthouses.pdf'), filename: 'lighthouses' })).kind, 'pdf');
  assert.equal((await extractFile({ bytes: fixture('tides-utf8.txt'), filename: 'README' })).kind, 'txt');
});

test('a type we do not take is FILE_TYPE_NOT_ALLOWED, whatever its content', async () => {
  assert.equal(await failure(fixture('picture.png'), 'picture.png'), 'type-not-allowed');
  assert.equal(await failure(fixture('program.exe'), 'program.exe'), 'type-not-allowed');
  assert.equal(await failure(fixture('lighthouses.html'), 'lighthouses.html'), 'type-not-allowed');
  assert.equal(await failure(fixture('lighthouses.pdf'), 'lighthouses.png'), 'type-not-allowed');
  // No extension: judged by content alone.
  assert.equal(await failure(fixture('picture.png'), 'picture'), 'type-not-allowed');
  assert.equal(await failure(fixture('program.exe'), 'program'), 'type-not-allowed');
  assert.equal(await failure(fixture('lighthouses.html'), 'page'), 'type-not-allowed');
  assert.equal(await failure(fixture('archive-renamed.docx'), 'archive'), 'type-not-allowed');
});

test('content that contradicts its extension is INVALID_FILE', async () => {
  assert.equal(await failure(fixture('picture-renamed.pdf'), 'picture-renamed.pdf'), 'invalid-file');
  assert.equal(await failure(fixture('lighthouses-pdf-renamed.docx'), 'lighthouses-pdf-renamed.docx'), 'invalid-file');
  assert.equal(await failure(fixture('archive-renamed.docx'), 'archive-renamed.docx'), 'invalid-file');
  assert.equal(await failure(fixture('lighthouses.html'), 'lighthouses.txt'), 'invalid-file');
  assert.equal(await failure(fixture('program.exe'), 'program.txt'), 'invalid-file');
  assert.equal(await failure(fixture('lighthouses.docx'), 'lighthouses.doc'), 'invalid-file');
  assert.equal(await failure(fixture('lighthouses.doc'), 'lighthouses.docx'), 'invalid-file');
  assert.equal(await failure(fixture('tides-utf8.txt'), 'tides.pdf'), 'invalid-file');
});

test('truncated, corrupt and empty documents are INVALID_FILE', async () => {
  assert.equal(await failure(fixture('truncated.pdf'), 'truncated.pdf'), 'invalid-file');
  assert.equal(await failure(fixture('truncated.docx'), 'truncated.docx'), 'invalid-file');
  const doc = fixture('lighthouses.doc');
  assert.equal(await failure(doc.subarray(0, 2048), 'cut.doc'), 'invalid-file');
  // A PDF header followed by garbage, with a trailer so only the parser can object.
  assert.equal(
    await failure(Buffer.from('%PDF-1.7\n' + 'garbage '.repeat(200) + '\n%%EOF\n'), 'garbage.pdf'),
    'invalid-file',
  );
  const blank = await extractFile({ bytes: fixture('blank.pdf'), filename: 'blank.pdf' }).catch(
    (error: unknown) => error,
  );
  assert.ok(blank instanceof ExtractError && blank.reason === 'invalid-file');
  assert.match(blank.message, /no extractable text/);
  assert.equal(await failure(new Uint8Array(0), 'empty.txt'), 'invalid-file');
  assert.equal(await failure(Buffer.from('\n \n\t\n'), 'blank.txt'), 'invalid-file');
});

test('bytes that are not text are not TXT', async () => {
  assert.equal(await failure(Buffer.from([0x68, 0x69, 0x00, 0x00, 0x01, 0x02]), 'nul.txt'), 'invalid-file');
  assert.equal(await failure(Buffer.from([0xff, 0xfe, 0x00, 0xd8, 0x41, 0x00]), 'lone-surrogate.txt'), 'invalid-file');
  assert.equal(await failure(Buffer.from([0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07]), 'controls'), 'type-not-allowed');
});

test('legacy Windows-1252 / Latin-1 text is read as such; true binary is still refused', async () => {
  const legacy = await extractFile({ bytes: fixture('tides-windows1252.txt'), filename: 'tides.txt' });
  const utf8 = await extractFile({ bytes: fixture('tides-utf8.txt'), filename: 'tides.txt' });
  assert.equal(legacy.kind, 'txt');
  // Curly quotes, dashes and é come back as the same characters as the UTF-8 copy.
  assert.deepEqual(legacy.sections, utf8.sections);
  const latin1 = await extractFile({
    bytes: Buffer.from('Crème brûlée à la façon de Noël.\nÿ is the last Latin-1 letter.', 'latin1'),
    filename: 'recette',
  });
  assert.equal(latin1.sections[0]!.text, 'Crème brûlée à la façon de Noël. ÿ is the last Latin-1 letter.');
  // High-entropy bytes with no magic number (raw deflate), and pseudo-random bytes: not text.
  const deflated = deflateRawSync(readFileSync(new URL('tides-utf8.txt', FIXTURES)).toString().repeat(20));
  assert.equal(await failure(deflated, 'compressed.txt'), 'invalid-file');
  assert.equal(await failure(deflated, 'compressed'), 'type-not-allowed');
  let seed = 42;
  const noise = Buffer.from(
    Array.from({ length: 65_536 }, () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) >> 23),
  );
  assert.equal(await failure(noise, 'noise.txt'), 'invalid-file');
  // Binary made only of high bytes and the five bytes Windows-1252 leaves undefined.
  assert.equal(
    await failure(
      Buffer.from(Array.from({ length: 4_000 }, (_, i) => [0x81, 0x8d, 0x8f, 0x90, 0x9d, 0xe9][i % 6]!)),
      'high.txt',
    ),
    'invalid-file',
  );
});

const SPEC_PDF = '/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf';
test(
  'a real PDF from the machine reads page by page',
  { skip: !existsSync(SPEC_PDF) && 'no shared-mime-info PDF here' },
  async () => {
    const { sections } = await extractFile({ bytes: readFileSync(SPEC_PDF), filename: 'spec.pdf' });
    assert.equal(sections[0]!.text, 'Shared MIME-info Database');
    assert.ok(sections.at(-1)!.page! > 5);
    const pages = sections.map((section) => section.page!);
    assert.deepEqual(
      pages,
      [...pages].sort((a, b) => a - b),
    );
  },
);

test('Markdown saved as text (even opening with an HTML fragment) is read by its structure', async () => {
  const markdown = [
    '<h1 align="center">Fastify</h1>',
    '',
    '## Routes',
    '',
    '- [Full declaration](#full-declaration)',
    '- [Prefixing](#prefixing)',
    '',
    '### Prefixing',
    '',
    'The [`prefix`](./Plugins.md) option puts every route of a **plugin** under one path.',
    '',
    '```js',
    "fastify.register(routes, { prefix: '/v1' })",
    '```',
  ].join('\n');
  const { kind, sections } = await extractFile({ bytes: Buffer.from(markdown), filename: 'Routes.txt' });
  assert.equal(kind, 'txt');
  const prose = sections.find((section) => section.text.startsWith('The prefix option'));
  assert.deepEqual(prose, {
    text: 'The prefix option puts every route of a plugin under one path.',
    heading: 'Fastify › Routes › Prefixing',
    page: null,
  });
  assert.ok(
    sections.some((section) => section.text.includes("prefix: '/v1'")),
    'code blocks stay',
  );
  assert.ok(
    !sections.some((section) => section.text.includes('Full declaration')),
    'a table of contents is navigation',
  );
});

test('plain text with one line that starts with # is plain text', async () => {
  const { sections } = await extractFile({
    bytes: Buffer.from('# not a heading, a note\n\nThe ferry leaves at nine.\n'),
    filename: 'notes.txt',
  });
  assert.deepEqual(
    sections.map((section) => section.text),
    ['# not a heading, a note', 'The ferry leaves at nine.'],
  );
});

test('the refusals read alike: whole sentences, both types written in capitals', async () => {
  const message = (bytes: Uint8Array, filename: string) =>
    extractFile({ bytes, filename }).then(
      () => '',
      (error: unknown) => (error as Error).message,
    );
  assert.equal(
    await message(fixture('picture-renamed.pdf'), 'picture.pdf'),
    'File type or content does not match its extension (the content is PNG, not PDF).',
  );
  assert.equal(
    await message(fixture('lighthouses.doc'), 'lighthouses.docx'),
    'File type or content does not match its extension (the content is DOC, not DOCX).',
  );
  assert.equal(await message(fixture('picture.png'), 'picture.png'), 'File is not PDF, DOC, DOCX or TXT.');
  assert.equal(await message(fixture('blank.pdf'), 'blank.pdf'), 'The file contains no extractable text.');
  assert.match(await message(fixture('truncated.pdf'), 'truncated.pdf'), /^The PDF file could not be read: .*[.!?]$/);
});
