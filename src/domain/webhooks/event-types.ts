// Which events an endpoint receives. Types are open (SPEC §9: new ones are added over time), so a
// subscription may name a type this version does not send yet: it is kept, never refused.
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

/** A well-formed type name: dotted lower-case words. */
export const EVENT_TYPE_PATTERN = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$/;

/** `ping` goes to an endpoint whatever it subscribed to; null subscribes to everything. */
export function receives(eventTypes: readonly string[] | null, type: string): boolean {
  return type === 'ping' || eventTypes === null || eventTypes.includes(type);
}
