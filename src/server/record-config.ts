// The serving node records, in its DATA_DIR, which config file it read (or none), so that the CLI
// run on the same data reads the same file without COLLOQUY_CONFIG (config-file.ts, `followServer`).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { SERVER_CONFIG_RECORD } from '../config-file.ts';
import { ensureDataDir } from '../config-data-dir.ts';

export function recordServerConfig(config: Config, now: Date = new Date()): void {
  const dataDir = config.storage.dataDir;
  ensureDataDir(dataDir);
  const record = { configFile: config.source.file, startedAt: now.toISOString(), pid: process.pid };
  writeFileSync(join(dataDir, SERVER_CONFIG_RECORD), `${JSON.stringify(record, null, 2)}\n`);
}
