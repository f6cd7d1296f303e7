// A Store over a fresh test database, for the storage contract suites, and account and agent rows for seeding.
import { loadConfig } from '../../src/config.ts';
import { openStore } from '../../src/compose.ts';
import type { AccountRecord } from '../../src/ports/account-store.ts';
import type { AgentRecord, NewAgent } from '../../src/ports/agent-store.ts';
import type { Store } from '../../src/ports/store.ts';
import { createTestDatabase, type TestDatabase } from './backend.ts';

export interface TestStore {
  store: Store;
  database: TestDatabase;
  /** Closes the store and drops its database. */
  close(): Promise<void>;
}

export async function openTestStore(): Promise<TestStore> {
  const database = await createTestDatabase({ migrated: true });
  const store = await openStore(loadConfig({ ...database.env }));
  return {
    store,
    database,
    async close() {
      await store.close();
      await database.drop();
    },
  };
}

/** An agent row with the defaults a store contract needs (name "Bot", no tools, nothing used). */
export function agentRow(fields: Pick<AgentRecord, 'id' | 'accountId' | 'createdAt'>): NewAgent {
  return {
    name: 'Bot',
    model: 'colloquy-extractive',
    instructions: '',
    usage: 0,
    storageUsed: 0,
    knowledgeVersion: 0,
    tools: [],
    updatedAt: fields.createdAt,
    ...fields,
  };
}

/** An account row: no refill and no renewal scheduled unless the seed says otherwise. */
export function accountRow(fields: Pick<AccountRecord, 'id' | 'createdAt'> & Partial<AccountRecord>): AccountRecord {
  return {
    name: 'Acme',
    plan: 'free',
    creditBalance: 0,
    lastRefillAmount: null,
    lastRefillAt: null,
    nextAllowanceAt: null,
    ...fields,
  };
}
