// The quick-start tour (docs/quick-start.md), run as written: its fenced block is read from the page
// (the README's short quick start is a part of it, checked below), `npm start`
// serves on a fresh database of the suite's backend (SQLite in a new data folder, or PostgreSQL
// with COLLOQUY_TEST_BACKEND=postgres), and every other command runs in bash from the repository's root.
// Only two substitutions: the placeholder assignments (KEY=cq_…, A=agt_…, ACC=acc_…) take what
// `quickstart` printed, and 127.0.0.1:3000 becomes the test's port. A command marked `# needs: …`
// in the README (an OpenAI key, the internet) is skipped and reported; nothing else is.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, userShellEnv } from '../support/processes.ts';
import { createTestDatabase } from '../support/backend.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The first ```sh block after "## Quick start", as commands: continuation lines joined, comment
 * lines and blank lines dropped. */
export function quickStartCommands(readme: string): string[] {
  const section = readme.slice(readme.indexOf('\n## Quick start'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  assert.ok(block, 'a ```sh block under "## Quick start"');
  const commands: string[] = [];
  let pending = '';
  for (const line of block.split('\n')) {
    if (!pending && (line.trim() === '' || line.trim().startsWith('#'))) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    commands.push(pending + line);
    pending = '';
  }
  return commands;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

async function runBash(command: string, env: NodeJS.ProcessEnv): Promise<Run> {
  const child = spawn('bash', ['-c', command], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

/** What a command printed must be a success: JSON without `success: false`, or an SSE stream whose
 * first frame succeeded, that never failed, and that ended with the end marker. */
function assertSucceeded(command: string, run: Run): void {
  assert.equal(run.code, 0, `${command}\n${run.stderr}`);
  const out = run.stdout.trim();
  if (out === '') return; // printf, rm
  if (out.startsWith('data:')) {
    const frames = out.split('\n\n').map((frame) => frame.replace(/^data: ?/, ''));
    assert.equal(JSON.parse(frames[0] as string).success, true, `${command}\n${out}`);
    assert.ok(!out.includes('"success":false'), `${command}\n${out}`);
    assert.equal(frames.at(-1), '', `${command}: the stream ends with the end marker`);
    return;
  }
  const body = JSON.parse(out) as { success?: boolean };
  assert.notEqual(body.success, false, `${command}\n${out}`);
}

const tour = () => quickStartCommands(readFileSync(join(ROOT, 'docs', 'quick-start.md'), 'utf8'));

test("every command of the README's quick start is one of the tour's, so the run below covers it", () => {
  const inTour = new Set(tour());
  for (const command of quickStartCommands(readFileSync(join(ROOT, 'README.md'), 'utf8')))
    assert.ok(inTour.has(command), `not in docs/quick-start.md: ${command}`);
});

test('the quick-start tour works as written, on a fresh database', { timeout: 240_000 }, async (t) => {
  const commands = tour();
  const database = await createTestDatabase();
  const port = await freePort();
  const env = userShellEnv({ ...database.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
  const hadPasswordFile = existsSync(join(ROOT, 'pw.txt'));
  let server: ChildProcess | null = null;
  let quickstart: { account: { id: string }; agent: { id: string }; key: { key: string } } | null = null;
  const skipped: string[] = [];
  let ran = 0;
  try {
    for (const command of commands) {
      const needs = /#\s*needs:\s*([^()]+)/.exec(command);
      if (needs) {
        skipped.push(`${(needs[1] as string).trim()}: ${command.slice(0, 90)}`);
        continue;
      }
      if (/^npm start\s*(&\s*)?(#.*)?$/.test(command)) {
        server = spawn('npm', ['start'], { cwd: ROOT, env, detached: true, stdio: 'ignore' });
        await waitForPing(port, server);
        ran++;
        continue;
      }
      const assignment = /^(\w+)=(\w+_)…\s*(#.*)?$/.exec(command);
      if (assignment) {
        assert.ok(quickstart, `${command}: quickstart must run before`);
        const values: Record<string, string> = {
          cq_: quickstart.key.key,
          agt_: quickstart.agent.id,
          acc_: quickstart.account.id,
        };
        const value = values[assignment[2] as string];
        assert.ok(value, `${command}: no printed value for the placeholder ${assignment[2]}…`);
        env[assignment[1] as string] = value;
        continue;
      }
      assert.ok(
        !command.includes('…'),
        `${command}: a placeholder in a command that runs (mark it "# needs: …" or assign it)`,
      );
      const run = await runBash(command.replaceAll('127.0.0.1:3000', `127.0.0.1:${port}`), env);
      assertSucceeded(command, run);
      if (command.includes('cli -- quickstart')) quickstart = JSON.parse(run.stdout);
      ran++;
    }
    t.diagnostic(`ran ${ran} commands; skipped ${skipped.length} as marked:\n${skipped.join('\n')}`);
    assert.ok(server, 'the block starts the server with npm start');
    assert.ok(ran >= 15, `only ${ran} commands ran`);
    assert.ok(
      skipped.every((line) => /^(OPENAI_API_KEY|internet)\b/.test(line)),
      skipped.join('\n'),
    );
    assert.ok(!existsSync(join(ROOT, 'pw.txt')) || hadPasswordFile, 'the block removes the password file it wrote');
  } finally {
    if (server?.pid) {
      process.kill(-server.pid, 'SIGTERM');
      if (server.exitCode === null) await once(server, 'exit');
    }
    if (!hadPasswordFile) rmSync(join(ROOT, 'pw.txt'), { force: true });
    await database.drop();
  }
});

async function waitForPing(port: number, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000; // a first run builds the console
  for (;;) {
    if (server.exitCode !== null) throw new Error(`npm start exited with ${server.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/ping`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('npm start did not serve within 90 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
