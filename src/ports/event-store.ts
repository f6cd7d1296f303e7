// Events, written in the transaction of the change each reports (the webhook outbox).

import type { Page, PageRequest } from './page.ts';

export interface EventRecord {
  id: string;
  accountId: string;
  type: string;
  data: Record<string, unknown>;
  createdAt: number;
}

export interface EventStore {
  insert(event: EventRecord): Promise<void>;
  list(accountId: string, page: PageRequest): Promise<Page<EventRecord>>;
}
