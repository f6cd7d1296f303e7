// The CLI reads the configuration the server on its DATA_DIR started with, without being given
// COLLOQUY_CONFIG, and says which file it read; given another, it says that it differs.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '../support/backend.ts';
import { runCli, startServerProcess, type ServerProcess } from '../support/processes.ts';

describe("CLI and the server's config file", () => {
  let database: TestDatabase;
  let server: ServerProcess;
  let serverConfig: string;
  let otherConfig: string;

  before(async () => {
    database = await createTestDatabase();
    // Loopback receivers allowed: what local development sets, and what the CLI refused without it.
    serverConfig = join(database.env.DATA_DIR, 'colloquy.json');
    writeFileSync(serverConfig, JSON.stringify({ network: { allowPrivateAddresses: true } }));
    otherConfig = join(database.env.DATA_DIR, 'other.json');
    writeFileSync(otherConfig, JSON.stringify({}));
    server = await startServerProcess({ ...database.env, COLLOQUY_CONFIG: serverConfig });
  });
  after(async () => {
    await server.stop();
    await database.drop();
  });

  test("without COLLOQUY_CONFIG the CLI reads the server's file, and says so on stderr", async () => {
    const account = await runCli(['accounts', 'create', '--name', 'Local dev'], {
      ...database.env,
      COLLOQUY_CONFIG: undefined,
    });
    assert.equal(account.code, 0, account.stderr);
    assert.match(
      account.stderr,
      new RegExp(
        `using the config file the server on this DATA_DIR started with: ${serverConfig.replaceAll('.', '\\.')}`,
      ),
    );
    const id = (account.json as { id: string }).id;
    const hook = await runCli(['webhooks', 'create', '--account', id, '--url', 'http://127.0.0.1:59999/hook'], {
      ...database.env,
      COLLOQUY_CONFIG: undefined,
    });
    assert.equal(hook.code, 0, hook.stderr);
  });

  test('with another COLLOQUY_CONFIG the CLI reads that one, and notes the difference', async () => {
    const account = await runCli(['accounts', 'create', '--name', 'Other'], {
      ...database.env,
      COLLOQUY_CONFIG: otherConfig,
    });
    assert.equal(account.code, 0, account.stderr);
    assert.match(
      account.stderr,
      /note: this command reads .*other\.json, but the server on this DATA_DIR started with .*colloquy\.json/,
    );
    const hook = await runCli(
      ['webhooks', 'create', '--account', (account.json as { id: string }).id, '--url', 'http://127.0.0.1:59999/hook'],
      { ...database.env, COLLOQUY_CONFIG: otherConfig },
    );
    assert.equal(hook.code, 1);
    assert.match(hook.stderr, /network\.allowPrivateAddresses/);
  });
});
