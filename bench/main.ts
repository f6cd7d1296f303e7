// `npm run bench -- <name>`: benchmarks by name; none of them gates CI.
import { benchChat } from './chat.ts';
import { benchCluster } from './cluster.ts';
import { benchConsole } from './console.ts';
import { benchHttp } from './http.ts';
import { benchIngest } from './ingest.ts';
import { benchModeration } from './moderation.ts';
import { benchSearch } from './search.ts';
import { benchUploads } from './uploads.ts';
import { benchWebhooks } from './webhooks.ts';
import { benchWorkers } from './workers.ts';

const BENCHMARKS: Record<string, () => Promise<void>> = {
  chat: benchChat,
  cluster: benchCluster,
  console: benchConsole,
  http: benchHttp,
  ingest: benchIngest,
  moderation: benchModeration,
  search: benchSearch,
  uploads: benchUploads,
  webhooks: benchWebhooks,
  workers: benchWorkers,
};

const names = process.argv.slice(2);
const selected = names.length > 0 ? names : Object.keys(BENCHMARKS);
for (const name of selected) {
  const run = BENCHMARKS[name];
  if (!run) {
    console.error(`unknown benchmark "${name}"; known: ${Object.keys(BENCHMARKS).join(', ')}`);
    process.exit(2);
  }
  console.log(`== ${name} ==`);
  await run();
}
