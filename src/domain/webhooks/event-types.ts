// Which events an endpoint receives. SPEC §9 adds types over time for receivers to ignore; a
// subscription names only the types this version sends, so a misspelt one is refused, not kept
// silently never to match. Omitting the list (null) subscribes to every type, later ones included.
import type { EventType } from '../events/record-event.ts';

export const KNOWN_EVENT_TYPES: readonly EventType[] = [
  'chat.completed',
  'chat.failed',
  'agent.created',
  'agent.updated',
  'agent.deleted',
  'source.added',
  'source.deleted',
  'credits.low',
  'evaluation.completed',
  'evaluation.regressed',
  'handoff.requested',
  'handoff.message',
  'handoff.resolved',
  'ping',
];

/** The names of a subscription that are no type this version sends, in their order. */
export function unknownEventTypes(names: readonly string[]): string[] {
  return names.filter((name) => !(KNOWN_EVENT_TYPES as readonly string[]).includes(name));
}

/** Why a subscription is refused: the unknown names, then the accepted types. */
export function unknownEventTypesMessage(unknown: readonly string[]): string {
  const named = unknown.map((name) => JSON.stringify(name)).join(', ');
  const verb = unknown.length === 1 ? 'is not an event type' : 'are not event types';
  return `${named} ${verb}; accepted types: ${KNOWN_EVENT_TYPES.join(', ')}`;
}

/** `ping` goes to an endpoint whatever it subscribed to; null subscribes to everything. */
export function receives(eventTypes: readonly string[] | null, type: string): boolean {
  return type === 'ping' || eventTypes === null || eventTypes.includes(type);
}
