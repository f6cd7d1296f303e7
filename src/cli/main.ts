// The operator CLI: `npm run -s cli -- <command>`. One JSON object on stdout; on failure a
// message on stderr and a non-zero exit (2: wrong usage, 1: the operation failed).
import { enableCompileCache } from 'node:module';
import { parseArgs } from 'node:util';
import type { Config } from '../config.ts';
import { isAppError } from '../domain/errors.ts';
import { UsageError } from './cli-error.ts';
import type { Command } from './commands.ts';

// An operator runs dozens of commands: each after the first reuses the compiled (type-stripped)
// modules cached on disk, about half the CPU of a start. Only modules loaded after this line are
// cached, hence the dynamic imports below. (`npm run cli` turns the cache on before this file is
// read, in compile-cache.mjs: this line is then a no-op, and serves `node src/cli/main.ts`.)
enableCompileCache();

// A reader that stops early (`… | head`) closes the pipe: the command has done its work, so the
// rest of its output goes nowhere, without a stack trace or a failing exit.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
});

/** One command's synopsis: required options bare, the others in brackets (as docs/cli.md). */
function synopsis(name: string, command: Command): string {
  const required = new Set(command.required ?? []);
  const options = command.options.map((o) => (required.has(o) ? ` --${o} …` : ` [--${o} …]`));
  return `${name}${command.takesId ? ` ${command.idName ?? 'ID'}` : ''}${options.join('')}`;
}

/** Commands run here, before any store is opened (no COMMANDS entry), as their synopses. */
const STORELESS = ['config show'];

function usage(COMMANDS: Record<string, Command>): string {
  const lines = Object.entries(COMMANDS).map(([name, command]) => `  ${synopsis(name, command)}`);
  return `usage: npm run -s cli -- <command> [options]\ncommands:\n${[...lines, ...STORELESS.map((name) => `  ${name}`)].join('\n')}`;
}

/** The commands of one group (`keys --help`, `config --help`), or undefined when no command starts with it. */
function groupUsage(COMMANDS: Record<string, Command>, group: string): string | undefined {
  const inGroup = (name: string) => name.startsWith(`${group} `);
  const lines = [
    ...Object.keys(COMMANDS)
      .filter(inGroup)
      .map((name) => `  ${synopsis(name, COMMANDS[name] as Command)}`),
    ...STORELESS.filter(inGroup).map((name) => `  ${name}`),
  ];
  if (lines.length === 0) return undefined;
  return `usage: npm run -s cli -- ${group} <command> [options]\ncommands:\n${lines.join('\n')}`;
}

const HELP = new Set(['help', '--help', '-h']);

/** A command for an existing install, on a DATA_DIR with no database: it makes none (exit 1). */
function noDatabase(file: string): string {
  return `no database found at ${file}: set DATA_DIR to the folder of the server's colloquy.db (or DATABASE_URL to its PostgreSQL); "accounts create" or "quickstart" starts a new install there`;
}

/** Which config file this command read, when it could surprise: the server's, found without
 * COLLOQUY_CONFIG, or another than the server's. */
function sayWhichConfig(source: Config['source']): void {
  if (source.from === 'server')
    process.stderr.write(
      `colloquy: using the config file the server on this DATA_DIR started with: ${source.file} (set COLLOQUY_CONFIG to read another)\n`,
    );
  else if (source.serverFile !== undefined && source.serverFile !== source.file) {
    process.stderr.write(
      `colloquy: note: this command reads ${source.file ?? 'no config file'}, but the server on this DATA_DIR started with ${source.serverFile ?? 'none'}\n`,
    );
  }
}

async function main(argv: string[]): Promise<number> {
  const { COMMANDS } = await import('./commands.ts');
  const [group, verb, ...rest] = argv;
  // Asked for: the list, or one command's synopsis, on stdout.
  if (group !== undefined && HELP.has(group)) {
    process.stdout.write(`${usage(COMMANDS)}\n`);
    return 0;
  }
  const ofGroup = group !== undefined && verb !== undefined && HELP.has(verb) ? groupUsage(COMMANDS, group) : undefined;
  if (ofGroup !== undefined) {
    process.stdout.write(`${ofGroup}\n`);
    return 0;
  }
  // The effective configuration, secrets masked: needs no store, so it works with the database down.
  if (group === 'config' && verb === 'show') {
    if (rest.some((arg) => HELP.has(arg))) {
      process.stdout.write('usage: npm run -s cli -- config show\n');
      return 0;
    }
    if (rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}"`);
    const [{ loadConfig }, { printableConfig }] = await Promise.all([
      import('../config.ts'),
      import('../config-print.ts'),
    ]);
    process.stdout.write(
      `${JSON.stringify(printableConfig(loadConfig(undefined, { followServer: true })), null, 2)}\n`,
    );
    return 0;
  }
  const name = group && COMMANDS[group] ? group : `${group ?? ''} ${verb ?? ''}`;
  const command = COMMANDS[name];
  if (!command) throw new UsageError(group ? `unknown command "${name.trim()}"\n${usage(COMMANDS)}` : usage(COMMANDS));
  const args = COMMANDS[group as string] ? [verb, ...rest].filter((a): a is string => a !== undefined) : rest;
  if (args.some((arg) => arg === '--help' || arg === '-h')) {
    process.stdout.write(`usage: npm run -s cli -- ${synopsis(name, command)}\n`);
    return 0;
  }
  const { values, positionals } = parseArgs({
    args,
    options: Object.fromEntries(command.options.map((option) => [option, { type: 'string' as const }])),
    allowPositionals: true,
    strict: true,
  });
  if (command.takesId && positionals.length !== 1) throw new UsageError(`"${name}" takes one id`);
  if (!command.takesId && positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  for (const option of command.required ?? []) if (!values[option]) throw new UsageError(`--${option} is required`);
  if (command.needsAnOption && command.options.every((option) => values[option] === undefined))
    throw new UsageError(
      `"${name}" needs at least one of ${command.options.map((option) => `--${option}`).join(', ')}`,
    );

  const [{ loadConfig }, { closeDomainDeps, createDomainDeps, missingDatabase }, { namedByOptions }] =
    await Promise.all([import('../config.ts'), import('../compose-domain.ts'), import('./operator.ts')]);
  const config = loadConfig(undefined, { followServer: true });
  sayWhichConfig(config.source);
  const missing = command.createsDatabase ? null : missingDatabase(config);
  if (missing) throw new Error(noDatabase(missing));
  const deps = await createDomainDeps(config);
  try {
    const result = await command
      .run(deps, values as Record<string, string | undefined>, positionals[0])
      .catch((error: unknown) => Promise.reject(namedByOptions(error, command.options)));
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } finally {
    await closeDomainDeps(deps);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith?.('ERR_PARSE_ARGS')) {
      process.stderr.write(`colloquy: ${(error as Error).message}\n`);
      process.exitCode = 2;
    } else if (isAppError(error)) {
      const details = error.details.list ? ` ${JSON.stringify(error.details.list)}` : '';
      process.stderr.write(`colloquy: ${error.code}: ${error.message}${details}\n`);
      process.exitCode = 1;
    } else if (error instanceof Error && error.name === 'ConfigError') {
      process.stderr.write(`colloquy: ${error.message}\n`);
      process.exitCode = 1;
    } else {
      process.stderr.write(`colloquy: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    }
  },
);
