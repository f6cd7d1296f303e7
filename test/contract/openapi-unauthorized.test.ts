// The 401 shape each operation documents names only the codes it can send: USER_HASH_INVALID on the
// widget routes that name a visitor, never on the others (a generated client's union would
// otherwise carry a code no key-authenticated route sends).
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadOpenApiDocuments, type OpenApiDocuments } from '../support/openapi-documents.ts';
import { TEST_BACKEND } from '../support/backend.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests walk arbitrary JSON

const SKIP = TEST_BACKEND === 'postgres' ? 'the documents are the same on every engine' : false;

/** The codes a 401 answer's schema allows, following its $ref. */
function codesOf(document: Json, response: Json): string[] {
  const ref = response.content['application/json'].schema.$ref as string;
  const schema = document.components.schemas[ref.replace('#/components/schemas/', '')];
  return (schema.properties.code.anyOf as Json[]).map((option) => option.const as string);
}

describe('OpenAPI: the 401 shape of each operation', { skip: SKIP }, () => {
  let documents: OpenApiDocuments;
  before(async () => {
    documents = await loadOpenApiDocuments();
  });

  test('USER_HASH_INVALID is allowed exactly where the description says it can be sent', () => {
    let visitorRoutes = 0;
    for (const document of [documents.public, documents.admin] as Json[]) {
      for (const [path, item] of Object.entries(document.paths as Json))
        for (const [method, operation] of Object.entries(item as Json)) {
          const unauthorized = operation.responses?.['401'];
          if (!unauthorized?.content) continue;
          const sent = /`USER_HASH_INVALID`/.test(unauthorized.description);
          if (sent) visitorRoutes += 1;
          assert.equal(codesOf(document, unauthorized).includes('USER_HASH_INVALID'), sent, `${method} ${path}`);
        }
    }
    assert.equal(visitorRoutes, 5, 'conversation, its stream, chat, feedback and handoff name a visitor');
    const shared = (documents.public as Json).components.schemas.Unauthorized;
    assert.deepEqual(
      shared.properties.code.anyOf.map((option: Json) => option.const),
      ['AUTH_REQUIRED', 'KEY_EXPIRED'],
    );
  });
});
