// DATA_DIR is made when it is missing; a path where a file stands (itself or a folder on its way)
// is said as such, not as the bare EEXIST or ENOTDIR of mkdir.
import { mkdirSync } from 'node:fs';
import { ConfigError } from './config-error.ts';

export function ensureDataDir(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOTDIR')
      throw new ConfigError(`DATA_DIR ${dataDir} is not a folder: a file stands at that path or on its way`);
    throw error;
  }
}
