// A PostgreSQL or Redis server of the test's own, on a port of its own: tests that stop and restart
// their database must never touch the shared one. PostgreSQL runs as the `postgres` user (initdb
// refuses root), as .ci/run starts the suite's server.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A free loopback port below 32768: outside Linux's ephemeral range, so no outgoing connection of
 * this machine takes it while the server is restarting. */
export async function freeLowPort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const probe = createServer();
    try {
      probe.listen(port, '127.0.0.1');
      await once(probe, 'listening');
      return port;
    } catch {
      // taken: try another
    } finally {
      probe.close();
    }
  }
  throw new Error('no free port below 32768');
}

function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((name) => existsSync(join(root, name, 'bin', 'initdb')));
  versions.sort((a, b) => Number(a) - Number(b));
  return versions.length > 0 ? join(root, versions.at(-1) as string, 'bin') : null;
}

/** Why a private PostgreSQL cannot run here, or null when it can. CI must be able to. */
export function privatePostgresMissing(): string | null {
  const reason = !postgresBin()
    ? 'no PostgreSQL server binaries'
    : process.getuid?.() !== 0
      ? 'not root (initdb runs as the postgres user)'
      : null;
  if (reason && process.env.CI) throw new Error(`CI must be able to start a private PostgreSQL: ${reason}`);
  return reason;
}

export interface PrivatePostgres {
  url: string;
  /** pg_ctl restart (mode fast: sessions are terminated, as an operator's restart does); resolves once it accepts connections again. */
  restart(mode?: 'fast' | 'immediate'): void;
  stop(mode?: 'fast' | 'immediate'): void;
  start(): void;
  destroy(): void;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error('no PostgreSQL server binaries');
  const dir = mkdtempSync(join(tmpdir(), 'colloquy-pg-'));
  chownSync(
    dir,
    Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
    Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
  );
  const port = await freeLowPort();
  const data = join(dir, 'data');
  const asPostgres = (args: string[]) => {
    const result = spawnSync('runuser', ['-u', 'postgres', '--', ...args], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${args.join(' ')} failed: ${result.stderr}${result.stdout}`);
  };
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const pgCtl = (...args: string[]) =>
    asPostgres([join(bin, 'pg_ctl'), '-D', data, '-w', '-l', join(dir, 'log'), ...args]);
  asPostgres([join(bin, 'initdb'), '-D', data, '-A', 'trust', '-U', 'app', '--no-sync']);
  pgCtl('-o', options, 'start');
  return {
    url: `postgres://app@127.0.0.1:${port}/postgres`,
    restart: (mode = 'fast') => pgCtl('-m', mode, '-o', options, 'restart'),
    stop: (mode = 'fast') => pgCtl('-m', mode, 'stop'),
    start: () => pgCtl('-o', options, 'start'),
    destroy() {
      spawnSync('runuser', ['-u', 'postgres', '--', join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop'], {
        encoding: 'utf8',
      });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface PrivateRedis {
  url: string;
  stop(): void;
  start(): void;
  destroy(): void;
}

/** Why a private Redis cannot run here, or null when it can. */
export function privateRedisMissing(): string | null {
  const found = spawnSync('redis-server', ['--version']).status === 0;
  if (!found && process.env.CI) throw new Error('CI must be able to start a private Redis: redis-server not found');
  return found ? null : 'redis-server not installed';
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freeLowPort();
  const start = () => {
    const result = spawnSync(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'yes'],
      { encoding: 'utf8' },
    );
    if (result.status !== 0) throw new Error(`redis-server failed: ${result.stderr}`);
    for (
      let i = 0;
      i < 100 && spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout.trim() !== 'PONG';
      i += 1
    )
      spawnSync('sleep', ['0.02']);
  };
  const stop = () => void spawnSync('redis-cli', ['-p', String(port), 'shutdown', 'nosave']);
  start();
  return { url: `redis://127.0.0.1:${port}`, stop, start, destroy: stop };
}
