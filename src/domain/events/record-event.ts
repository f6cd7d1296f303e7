import type { Clock } from '../../ports/clock.ts';
import type { Ids } from '../../ports/ids.ts';
import type { EventRecord } from '../../ports/event-store.ts';
import type { StoreRepositories } from '../../ports/store.ts';

/** The types SPEC §6 lists; new types may be added over time. */
export type EventType =
  | 'chat.completed'
  | 'chat.failed'
  | 'agent.created'
  | 'agent.updated'
  | 'agent.deleted'
  | 'source.added'
  | 'source.deleted'
  | 'credits.low'
  | 'evaluation.completed'
  | 'evaluation.regressed'
  | 'handoff.requested'
  | 'handoff.message'
  | 'handoff.resolved'
  | 'ping';

/** Records an event with the change it reports: call it inside that change's transaction. */
export async function recordEvent(
  tx: Pick<StoreRepositories, 'events'>,
  deps: { clock: Clock; ids: Ids },
  accountId: string,
  type: EventType,
  data: Record<string, unknown>,
): Promise<EventRecord> {
  const event: EventRecord = { id: deps.ids.next('evt'), accountId, type, data, createdAt: deps.clock.now() };
  await tx.events.insert(event);
  return event;
}

/** The envelope of SPEC §6, as a receiver will get it. */
export function toEnvelope(event: EventRecord): {
  id: string;
  type: string;
  created: string;
  data: Record<string, unknown>;
} {
  return { id: event.id, type: event.type, created: new Date(event.createdAt).toISOString(), data: event.data };
}
