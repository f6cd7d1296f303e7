import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { POSTGRES_MIGRATIONS, SQLITE_MIGRATIONS } from './index.ts';

const here = new URL('.', import.meta.url);
const shipped = readdirSync(here).filter((name) => /^\d{4}_\w+\.ts$/.test(name));

test('a shipped migration imports nothing but its type, so no shared value can change what it runs', () => {
  for (const name of shipped) {
    const imports = readFileSync(new URL(name, here), 'utf8').match(/^import .*$/gm) ?? [];
    assert.deepEqual(imports, ["import type { ShippedMigration } from './migrate.ts';"], name);
  }
});

test('every migration file is registered, and each engine runs its migrations in ascending order', () => {
  const index = readFileSync(new URL('index.ts', here), 'utf8');
  for (const name of shipped) assert.ok(index.includes(`from './${name}'`), `${name} is not in index.ts`);
  for (const list of [SQLITE_MIGRATIONS, POSTGRES_MIGRATIONS]) {
    const names = list.map((migration) => migration.name);
    assert.deepEqual(names, [...names].sort());
    assert.equal(new Set(names.map((name) => name.slice(0, 4))).size, names.length);
  }
});
