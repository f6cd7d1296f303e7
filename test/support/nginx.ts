// A private nginx (Debian's /usr/sbin/nginx) in front of test nodes: its own prefix, pid, logs and
// temp folders under a temporary directory, in the foreground (`daemon off`), never the system's
// instance. Its site is deploy/nginx.conf itself, with only the upstream's servers and the listen
// address replaced, so the test runs the settings operators are given.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freeLowPort } from './private-services.ts';

export const NGINX = '/usr/sbin/nginx';
export const DEPLOY_NGINX_CONF = fileURLToPath(new URL('../../deploy/nginx.conf', import.meta.url));

/** Why nginx cannot run here, or null when it can. CI must be able to. */
export function nginxMissing(): string | null {
  const reason = existsSync(NGINX) ? null : `${NGINX} not installed (apt-get install nginx-light)`;
  if (reason && process.env.CI) throw new Error(`CI must be able to start nginx: ${reason}`);
  return reason;
}

/**
 * deploy/nginx.conf for these upstream addresses (`127.0.0.1:PORT`) and this listen address.
 * `serverLines` are added inside the server block (test-only headers).
 */
export function renderSite(template: string, upstreams: string[], listen: string, serverLines: string[] = []): string {
  const start = template.indexOf('upstream colloquy {\n');
  const end = template.indexOf('\n}', start);
  if (start < 0 || end < 0) throw new Error('deploy/nginx.conf has no "upstream colloquy { … }" block');
  const block = template.slice(start, end);
  const example = / {4}server 10\.0\.0\.\d+:3000([^;]*);\n/g;
  const settings = / {4}server 10\.0\.0\.\d+:3000([^;]*);/.exec(block)?.[1] ?? '';
  const servers = upstreams.map((address) => `    server ${address}${settings};\n`).join('');
  const first = block.search(example);
  if (first < 0) throw new Error('deploy/nginx.conf lists no example upstream server');
  const replaced = `${block.slice(0, first)}${servers}${block.slice(first).replace(example, '')}`;
  const site = `${template.slice(0, start)}${replaced}${template.slice(end)}`;
  if (!/\n {4}listen 80;\n/.test(site)) throw new Error('deploy/nginx.conf has no "listen 80;" line');
  return site.replace(
    /\n {4}listen 80;\n/,
    `\n    listen ${listen};\n${serverLines.map((line) => `    ${line}\n`).join('')}`,
  );
}

export interface PrivateNginx {
  url: string;
  site: string;
  /** Replaces the upstream servers and reloads (SIGHUP); resolves once the new workers answer. */
  reload(upstreams: string[]): Promise<void>;
  output(): string;
  stop(): Promise<void>;
}

export async function startNginx(upstreams: string[], serverLines: string[] = []): Promise<PrivateNginx> {
  const dir = mkdtempSync(join(tmpdir(), 'colloquy-nginx-'));
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'logs']) mkdirSync(join(dir, sub));
  const port = await freeLowPort();
  const template = readFileSync(DEPLOY_NGINX_CONF, 'utf8');
  const writeSite = (list: string[]) => {
    const site = renderSite(template, list, `127.0.0.1:${port}`, serverLines);
    writeFileSync(join(dir, 'colloquy.conf'), site);
    return site;
  };
  let site = writeSite(upstreams);
  // One worker: round robin in a known order (each worker keeps its own rotation).
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `${kind}_temp_path ${join(dir, kind === 'client_body' ? 'body' : kind)};`)
    .join(' ');
  writeFileSync(
    join(dir, 'nginx.conf'),
    `worker_processes 1;\nevents { worker_connections 1024; }\nhttp {\n  ${temp}\n  access_log off;\n  include ${join(dir, 'colloquy.conf')};\n}\n`,
  );
  const globals = `daemon off; pid ${join(dir, 'nginx.pid')};${process.getuid?.() === 0 ? ' user root;' : ''}`;
  const args = ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'logs', 'error.log'), '-g', globals];
  const check = spawnSync(NGINX, [...args, '-t'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t refused the generated config: ${check.stderr}`);
  const child: ChildProcess = spawn(NGINX, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  await waitForAnswer(url, child, () => output);
  return {
    url,
    get site() {
      return site;
    },
    async reload(list) {
      site = writeSite(list);
      child.kill('SIGHUP');
      // The old worker finishes its connections while new ones start: give them a moment.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await waitForAnswer(url, child, () => output);
    },
    output: () =>
      `${output}${existsSync(join(dir, 'logs', 'error.log')) ? readFileSync(join(dir, 'logs', 'error.log'), 'utf8') : ''}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGQUIT'); // graceful: workers finish, then the master exits
        const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
        await once(child, 'exit');
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForAnswer(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${output()}`);
    try {
      await (await fetch(`${url}/api/v1/ping`)).arrayBuffer();
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not answer: ${output()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
