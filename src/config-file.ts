// Which config file is read, and reading it: parsed and validated against the schema.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import type { Ajv as AjvClass, ValidateFunction } from 'ajv';
import { FileSchema } from './config-json-schema.ts';
import type { FileConfig } from './config-schema.ts';
import { ConfigError } from './config-error.ts';
import { explainProblems } from './config-problems.ts';

/** The config file read (absolute path), or null; and why that one: COLLOQUY_CONFIG, or the record
 * of the server on this DATA_DIR (the CLI, without COLLOQUY_CONFIG). */
export interface ConfigSource {
  file: string | null;
  from: 'env' | 'server' | 'none';
  serverFile?: string | null;
}

/** The file in DATA_DIR where a starting server records which config file it read, so the CLI on
 * the same data finds the same configuration without being told. */
export const SERVER_CONFIG_RECORD = 'server-config.json';

/** Which config file to read: COLLOQUY_CONFIG, else (for the CLI) the one the server on this
 * DATA_DIR recorded at its start, else none. */
export function configSource(env: NodeJS.ProcessEnv, dataDir: string, followServer: boolean): ConfigSource {
  let serverFile: string | null | undefined;
  if (followServer) {
    try {
      const record = JSON.parse(readFileSync(join(dataDir, SERVER_CONFIG_RECORD), 'utf8')) as { configFile?: unknown };
      serverFile = typeof record.configFile === 'string' ? record.configFile : null;
    } catch {
      serverFile = undefined; // no server has started on this DATA_DIR, or its record is unreadable
    }
  }
  const known = serverFile === undefined ? {} : { serverFile };
  if (env.COLLOQUY_CONFIG) return { file: resolve(env.COLLOQUY_CONFIG), from: 'env', ...known };
  if (serverFile) return { file: serverFile, from: 'server', ...known };
  return { file: null, from: 'none', ...known };
}

// Compiled on first use: a start or CLI command without a config file does not pay for it, nor
// for loading ajv (some 60 ms of CPU), which is required here, synchronously, only then.
let validateFile: ValidateFunction<FileConfig> | undefined;
const requireOnUse = createRequire(import.meta.url);

/** How a message names the file read: the variable that named it, or, for the CLI that followed the
 * server's record, that record (the operator set no COLLOQUY_CONFIG, and may fix either). */
export function configFileLabel(source: ConfigSource, dataDir: string): string {
  if (source.from !== 'server') return 'COLLOQUY_CONFIG';
  return `the config file the server on this DATA_DIR started with (recorded in ${join(dataDir, SERVER_CONFIG_RECORD)}; set COLLOQUY_CONFIG to read another)`;
}

export function readFileConfig(path: string, label = 'COLLOQUY_CONFIG'): FileConfig {
  let parsed: unknown;
  try {
    // A byte order mark (Windows Notepad writes one) is not part of the JSON text (RFC 8259 §8.1).
    parsed = JSON.parse(readFileSync(path, 'utf8').replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new ConfigError(`${label}: cannot read ${path}: ${(error as Error).message}`);
  }
  if (!validateFile) {
    const { Ajv } = requireOnUse('ajv') as { Ajv: typeof AjvClass };
    validateFile = new Ajv({ allErrors: true, strict: false }).compile<FileConfig>(FileSchema);
  }
  if (!validateFile(parsed)) {
    const problems = explainProblems(
      validateFile.errors ?? [],
      (e) => (e.instancePath || '/').slice(1).replaceAll('/', '.') || '(root)',
    );
    throw new ConfigError(`${label} ${path} is invalid: ${problems.join('; ')}`);
  }
  return parsed;
}
