// Real processes: the server (npm start's entry) and the CLI, as an operator runs them.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { once } from 'node:events';
import { delimiter, join } from 'node:path';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER_ENTRY = 'src/main.ts';
const CLI_ENTRY = 'src/cli/main.ts';

export async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** The environment of a user's shell: no npm script variables and no node_modules/.bin on the PATH,
 * so a command such as `npm start` runs as typed in a terminal (npm on the system's Node). */
export function userShellEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')),
  );
  env.PATH = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => !dir.includes(join('node_modules', '.bin')))
    .join(delimiter);
  return { ...env, ...extra };
}

/** `npm start`'s entry run with `env` where it should stop at once (a wrong setting): its exit code
 * and standard error. A start that goes on instead is killed after 30 s (code null). */
export async function startExpectingExit(
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearTimeout(timer);
  return { code, stderr };
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the CLI prints arbitrary JSON
}

export async function runCli(args: string[], env: Record<string, string | undefined>): Promise<CliResult> {
  const child = spawn(process.execPath, [CLI_ENTRY, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const [code] = (await once(child, 'exit')) as [number];
  let json: unknown;
  try {
    json = JSON.parse(stdout);
  } catch {
    json = undefined;
  }
  return { code, stdout, stderr, json };
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `entry` (the server by default) on a free loopback port; resolves once it answers HTTP.
 * Colloquy listens only after its database is open, so any answer means ready. `startTimeoutMs`:
 * longer for tests that start several processes on a busy machine.
 * One HTTP process (WORKERS 1) unless `env` says otherwise: on PostgreSQL `npm start` forks one
 * worker per core, which tripled a start's CPU time (≈14 s instead of ≈5 s on the 2-core CI machine)
 * in tests whose subject is not the cluster; those that are pass WORKERS, and `WORKERS: undefined`
 * gives `npm start`'s own default. */
export async function startServerProcess(
  env: Record<string, string | undefined>,
  entry = SERVER_ENTRY,
  options: { startTimeoutMs?: number } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'info', WORKERS: '1', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  // Generous by default: a cluster starts several processes, and CI machines are often busy.
  const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}): ${output}`);
    try {
      await (await fetch(`${baseUrl}/api/v1/ping`)).arrayBuffer();
      break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    child,
    baseUrl,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      // A process that already ended (killed by a signal: exitCode stays null) has nothing to stop.
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      const [code] = (await once(child, 'exit')) as [number | null];
      return code;
    },
  };
}

/** A plain-text file of about 400 passages: about a minute of embedding on one thread, for tests
 * that stop a server in the middle of an upload. */
export const LONG_UPLOAD_TEXT = Array.from(
  { length: 3_200 },
  (_, i) =>
    `Paragraph ${i} on harbour rules: boats ${i % 7} and moorings ${i % 11} are checked each week by the harbour master.`,
).join('\n\n');

/** Uploads `text` as a plain-text file to an agent of a server process, as a client would. */
export function uploadText(
  server: Pick<ServerProcess, 'baseUrl'>,
  key: string,
  agentId: string,
  name: string,
  text: string,
): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), name);
  return fetch(`${server.baseUrl}/api/v1/agents/${agentId}/sources/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    body: form,
  });
}
