// A file's bytes are its storage, but a compressed file can hold far more text: the text must fit
// what the agent could still store as text, or the upload is 413 FILE_TOO_LARGE before any embedding.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { crc32, deflateRawSync } from 'node:zlib';
import { startTestServer, UNLIMITED_RATE, type TestServer } from '../support/test-server.ts';

/** A zip (deflated entries) built by hand: the smallest real DOCX a word processor would open. */
function zip(entries: Record<string, string>): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const packed = deflateRawSync(data);
    const fields = (header: Buffer, at: number) => {
      header.writeUInt16LE(8, at); // deflate
      header.writeUInt32LE(crc32(data), at + 6);
      header.writeUInt32LE(packed.length, at + 10);
      header.writeUInt32LE(data.length, at + 14);
      header.writeUInt16LE(name.length, at + 18);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    fields(local, 8);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    fields(central, 10);
    central.writeUInt32LE(offset, 42);
    locals.push(local, Buffer.from(name), packed);
    centrals.push(central, Buffer.from(name));
    offset += 30 + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function docx(paragraph: string): Uint8Array {
  const main = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  return zip({
    '[Content_Types].xml':
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    'word/document.xml': `<?xml version="1.0"?><w:document xmlns:w="${main}"><w:body><w:p><w:r><w:t>${paragraph}</w:t></w:r></w:p></w:body></w:document>`,
  });
}

describe('the text of an uploaded file must fit the agent’s remaining storage', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      configFile: {
        ...UNLIMITED_RATE,
        plans: { ...UNLIMITED_RATE.plans, free: { requestsPerMinute: 100_000, storageLimit: 20_000 } },
      },
    });
  });
  after(() => server.close());

  async function upload(agentId: string, key: string, bytes: Uint8Array) {
    const form = new FormData();
    form.append('file', new Blob([bytes]), 'harbour.docx');
    const response = await fetch(`${server.baseUrl}/api/v1/agents/${agentId}/sources/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  }

  test('a small DOCX that unzips to more text than the agent can hold → 413, nothing stored', async () => {
    const { account, ctx } = await server.seedAccount('free');
    const agent = await server.seedAgent(ctx);
    const key = await server.seedKey(account.id);
    const bomb = docx('Harbour pilots board ships at the fairway buoy. '.repeat(1_000)); // 48,000 characters
    assert.ok(bomb.byteLength < 2_000, `${bomb.byteLength} bytes`);
    const refused = await upload(agent.id, key, bomb);
    assert.deepEqual(refused, {
      status: 413,
      body: {
        success: false,
        error: {
          code: 'FILE_TOO_LARGE',
          message:
            "The file holds 47999 characters of text, more than this agent's remaining storage (20000) could hold as text.",
        },
      },
    });
    const held = await server.call('GET', `/agents/${agent.id}`, { key });
    assert.equal(held.body.agent.storage.used, 0);
    assert.equal((await server.call('GET', `/agents/${agent.id}/sources`, { key })).body.pagination.totalSources, 0);

    const fits = await upload(agent.id, key, docx('Harbour pilots board ships at the fairway buoy. '.repeat(100)));
    assert.equal(fits.status, 200, JSON.stringify(fits.body));
    assert.equal(fits.body.source.type, 'file');
  });
});
