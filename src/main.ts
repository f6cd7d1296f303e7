// Entry point of `npm start`: one process serving alone (server.workers 1), or a node:cluster
// primary that runs server.workers HTTP worker processes on the same port.
import cluster from 'node:cluster';
import { ConfigError, loadConfig } from './config.ts';
import { runPrimary } from './server/cluster-primary.ts';
import { serve } from './server/serve.ts';
import { recordServerConfig } from './server/record-config.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  // Once per node (its primary, or the process alone): the CLI on this DATA_DIR then reads the same file.
  if (cluster.isPrimary) recordServerConfig(config);
  if (config.server.workers > 1 && cluster.isPrimary) await runPrimary(config);
  else await serve(config, { clustered: cluster.isWorker });
}

main().catch((error: unknown) => {
  const message =
    error instanceof ConfigError
      ? error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
  process.stderr.write(`colloquy: cannot start: ${message}\n`);
  process.exit(1);
});
