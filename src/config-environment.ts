// The environment variables config.ts reads, and the log levels LOG_LEVEL and server.logLevel take:
// plain constants, apart from the schema (config-schema.ts) so that reading them loads no typebox.
/** The environment variables config.ts reads. `secret`: masked when the configuration is printed. */
export const ENVIRONMENT = {
  HOST: { default: '127.0.0.1', description: 'Address to listen on.' },
  PORT: { default: '3000', description: 'Port to listen on (0 to 65535).' },
  DATA_DIR: { default: './data', description: 'Where the SQLite database (`colloquy.db`, WAL mode) lives.' },
  DATABASE_URL: { default: null, secret: true, description: 'A `postgres://` URL: use PostgreSQL instead of SQLite.' },
  REDIS_URL: {
    default: null,
    secret: true,
    description:
      'A `redis://` or `rediss://` URL: count rate limits in Redis (shared by every process). Its path is the database number (`/0` when none); a number the Redis server does not have stops the start.',
  },
  COLLOQUY_CONFIG: {
    default: null,
    description:
      'Path of the JSON config file (below); the CLI, without it, reads the file the server on its DATA_DIR started with (cli.md).',
  },
  LOG_LEVEL: { default: null, description: 'pino level (`silent` … `trace`); overrides `server.logLevel`.' },
  WORKERS: { default: null, description: 'HTTP worker processes: a number or `auto`; overrides `server.workers`.' },
  COLLOQUY_WORKER_SLOT: {
    default: '0',
    description: 'Set by the cluster primary for each worker (0 to 255): slot 0 runs the background workers.',
  },
} as const satisfies Record<string, { default: string | null; description: string; secret?: boolean }>;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
