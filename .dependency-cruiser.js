// The layers of src/, held by `npm run lint` (docs/architecture.md draws them). Each layer lists
// the layers it may import; anything else is an error, and so is a file in no layer. The table is
// checked to be acyclic when this file loads, so no two folders can import each other.
// Tests beside the code (`*.test.ts`) are exempt: they assemble real parts (a crawl test uses the
// real guarded fetcher).

const LEAVES = ['text', 'net', 'pacing'];
const ADAPTER_NEEDS = ['ports', ...LEAVES, 'config'];

/** layer → [where it lives, the layers it may import]. */
export const LAYERS = {
  // Pure leaves: document text and IP ranges; no I/O, no imports from src/.
  text: ['^src/text/', []],
  net: ['^src/net/', []],
  // How often a repeated failure is logged.
  pacing: ['^src/pacing/', []],
  // The interfaces the domain needs, and the records they carry.
  ports: ['^src/ports/', LEAVES],
  // Plain functions (deps, ctx, input) → result: no HTTP, SQL, environment or adapters.
  domain: ['^src/domain/', ['ports', ...LEAVES]],
  // Parses the environment and the config file once; uses the domain's plan and catalog types.
  config: ['^src/config[-a-z]*\\.ts$', ['domain', 'ports', ...LEAVES]],
  // Adapters, each behind a port; none imports another or the domain.
  storage: ['^src/storage/', ADAPTER_NEEDS],
  jobs: ['^src/jobs/', ADAPTER_NEEDS],
  providers: ['^src/providers/', ADAPTER_NEEDS],
  ingestion: ['^src/ingestion/', ADAPTER_NEEDS],
  'search-index': ['^src/search-index/', ADAPTER_NEEDS],
  'rate-limit': ['^src/rate-limit/', ADAPTER_NEEDS],
  observability: ['^src/observability/', ADAPTER_NEEDS],
  // Drivers: they call the domain.
  workers: ['^src/workers/', ['domain', 'ports', ...LEAVES, 'config']],
  http: ['^src/http/', ['domain', 'ports', ...LEAVES, 'config', 'observability']],
  // The composition root and the entry points wire everything together.
  compose: [
    '^src/compose(-domain)?\\.ts$',
    [
      'workers',
      'storage',
      'jobs',
      'providers',
      'ingestion',
      'search-index',
      'rate-limit',
      'observability',
      'config',
      'domain',
      'ports',
      ...LEAVES,
    ],
  ],
  cli: ['^src/cli/', ['compose', 'config', 'domain', 'ports', ...LEAVES]],
  server: ['^src/server/', ['compose', 'http', 'observability', 'config', 'domain', 'ports', ...LEAVES]],
  main: ['^src/main\\.ts$', ['server', 'compose', 'config']],
};

function assertAcyclic(layers) {
  const state = {};
  const visit = (name, trail) => {
    if (!layers[name]) throw new Error(`.dependency-cruiser.js: unknown layer ${name}`);
    if (state[name] === 'done') return;
    if (state[name] === 'visiting')
      throw new Error(`.dependency-cruiser.js: the layers form a cycle: ${[...trail, name].join(' → ')}`);
    state[name] = 'visiting';
    for (const next of layers[name][1]) visit(next, [...trail, name]);
    state[name] = 'done';
  };
  for (const name of Object.keys(layers)) visit(name, []);
}

/** One rule per layer: it may import its own folder and the layers it lists. */
export function layerRules(layers = LAYERS) {
  assertAcyclic(layers);
  const rules = [];
  for (const [name, [path, allowed]] of Object.entries(layers)) {
    rules.push({
      name: `layer-${name}`,
      comment: `${name} may import only: ${allowed.join(', ') || 'nothing in src/'} (docs/architecture.md)`,
      severity: 'error',
      from: { path, pathNot: '\\.test\\.ts$' },
      to: { path: '^src/', pathNot: [path, ...allowed.map((layer) => layers[layer][0])] },
    });
  }
  rules.push({
    name: 'layer-unknown',
    comment: 'every file of src/ belongs to a layer of .dependency-cruiser.js',
    severity: 'error',
    from: { path: '^src/', pathNot: ['\\.test\\.ts$', ...Object.values(layers).map(([path]) => path)] },
    to: {},
  });
  return rules;
}

export default {
  forbidden: layerRules(),
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|console|widget|test|bench|scripts)/' },
    tsPreCompilationDeps: true,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
