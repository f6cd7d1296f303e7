// The layer rules `npm run lint` runs (.dependency-cruiser.js) fail on an import against the
// layers, a cycle between folders and a file in no layer: shown on a small src/ written here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CONFIG = join(ROOT, '.dependency-cruiser.js');
const DEPCRUISE = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');

/**
 * Writes the files (path → imports) under a fresh folder and cruises it as lint does: each
 * violation as "rule: from → to", and (asked for) the exit status of lint's own reporter.
 */
function cruise(files: Record<string, string[]>, withStatus = false): { status: number | null; violations: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'colloquy-layers-'));
  try {
    for (const [path, imports] of Object.entries(files)) {
      mkdirSync(join(dir, dirname(path)), { recursive: true });
      writeFileSync(
        join(dir, path),
        `${imports.map((target) => `import '${target}';`).join('\n')}\nexport const x = 1;\n`,
      );
    }
    const depcruise = (output: string) =>
      spawnSync(process.execPath, [DEPCRUISE, '--config', CONFIG, '--output-type', output, 'src'], {
        cwd: dir,
        encoding: 'utf8',
      });
    const result = JSON.parse(depcruise('json').stdout) as {
      summary: { violations: { rule: { name: string }; from: string; to: string }[] };
    };
    return {
      status: withStatus ? depcruise('err').status : null,
      violations: result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort(),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('imports along the layers pass', () => {
  const { status, violations } = cruise(
    {
      'src/text/extracted.ts': [],
      'src/ports/store.ts': ['../text/extracted.ts'],
      'src/domain/agents/create-agent.ts': ['../../ports/store.ts', '../../text/extracted.ts'],
      'src/storage/sqlite/open.ts': ['../../ports/store.ts'],
      'src/http/routes/agents.ts': ['../../domain/agents/create-agent.ts'],
      'src/compose.ts': ['./storage/sqlite/open.ts', './domain/agents/create-agent.ts'],
    },
    true,
  );
  assert.deepEqual(violations, []);
  assert.equal(status, 0);
});

test('an import against the layers fails lint', () => {
  const { status, violations } = cruise(
    {
      'src/ports/store.ts': [],
      'src/http/routes/agents.ts': [],
      'src/storage/sqlite/open.ts': ['../../ports/store.ts'],
      // The domain reaching up into HTTP, and past its port into an adapter.
      'src/domain/agents/create-agent.ts': [
        '../../ports/store.ts',
        '../../http/routes/agents.ts',
        '../../storage/sqlite/open.ts',
      ],
      // One adapter importing another.
      'src/jobs/queue.ts': ['../storage/sqlite/open.ts'],
    },
    true,
  );
  assert.notEqual(status, 0);
  assert.deepEqual(violations, [
    'layer-domain: src/domain/agents/create-agent.ts → src/http/routes/agents.ts',
    'layer-domain: src/domain/agents/create-agent.ts → src/storage/sqlite/open.ts',
    'layer-jobs: src/jobs/queue.ts → src/storage/sqlite/open.ts',
  ]);
});

test('a cycle between folders fails lint: the upward half of it is against the layers', () => {
  const { status, violations } = cruise(
    {
      'src/domain/context.ts': ['../ports/queue.ts'],
      'src/ports/queue.ts': ['../domain/context.ts'],
    },
    true,
  );
  assert.notEqual(status, 0);
  assert.deepEqual(violations, ['layer-ports: src/ports/queue.ts → src/domain/context.ts']);
});

test('a file in no layer fails lint; a test beside the code may assemble any parts', () => {
  const { violations } = cruise({
    'src/ports/store.ts': [],
    'src/misc/helpers.ts': ['../ports/store.ts'],
    'src/domain/agents/create-agent.test.ts': ['../../storage/sqlite/open.ts'],
    'src/storage/sqlite/open.ts': [],
  });
  assert.deepEqual(violations, ['layer-unknown: src/misc/helpers.ts → src/ports/store.ts']);
});

test('the domain reaches an adapter only through its port', () => {
  const { violations } = cruise({
    'src/ports/site-crawler.ts': [],
    'src/ingestion/crawl/crawl-site.ts': ['../../ports/site-crawler.ts'],
    'src/domain/knowledge/crawl-website.ts': ['../../ports/site-crawler.ts'],
    'src/domain/sites/page-draft.ts': ['../../ingestion/crawl/crawl-site.ts'],
  });
  assert.deepEqual(violations, ['layer-domain: src/domain/sites/page-draft.ts → src/ingestion/crawl/crawl-site.ts']);
});

test('the layer table cannot hold a cycle, and npm run lint runs the rules', async () => {
  const { layerRules } = (await import(CONFIG)) as {
    layerRules: (layers: Record<string, [string, string[]]>) => unknown[];
  };
  assert.throws(
    () => layerRules({ a: ['^src/a/', ['b']], b: ['^src/b/', ['a']] }),
    /the layers form a cycle: a → b → a/,
  );
  const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
    .scripts;
  assert.match(scripts.lint ?? '', /depcruise --config \.dependency-cruiser\.js .*src/);
  assert.match(scripts.test ?? '', /npm run -s lint/);
});
