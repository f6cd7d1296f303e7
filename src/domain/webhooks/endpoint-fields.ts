import type { DomainDeps } from '../context.ts';
import { invalidBody, type ValidationList } from '../errors.ts';
import { unknownEventTypes, unknownEventTypesMessage } from './event-types.ts';

export const URL_MAX = 2000;
export const DESCRIPTION_MAX = 200;
export const EVENT_TYPES_MAX = 50;

export interface EndpointFields {
  url?: string;
  description?: string;
  /** null or omitted at creation: every type. */
  events?: string[] | null;
}

/** Checks and normalizes the fields given; the URL by the operator's outbound network policy. */
export async function checkEndpointFields(
  deps: Pick<DomainDeps, 'targetCheck'>,
  input: EndpointFields,
): Promise<EndpointFields> {
  const list: ValidationList = {};
  const out: EndpointFields = {};
  if (input.url !== undefined) {
    const url = input.url.trim();
    if (url.length === 0 || url.length > URL_MAX) list.url = [`must be 1 to ${URL_MAX} characters`];
    else {
      const verdict = await deps.targetCheck.check(url);
      if (verdict.ok) out.url = new URL(url).href;
      else list.url = [`is refused: ${verdict.reason}`];
    }
  }
  if (input.description !== undefined) {
    if (input.description.length > DESCRIPTION_MAX)
      list.description = [`must be at most ${DESCRIPTION_MAX} characters`];
    else out.description = input.description.trim();
  }
  if (input.events !== undefined) {
    if (input.events === null) out.events = null;
    else {
      const events = [...new Set(input.events.map((type) => type.trim()))];
      const unknown = unknownEventTypes(events);
      if (unknown.length > 0) list.events = [unknownEventTypesMessage(unknown)];
      else if (events.length === 0) list.events = ['must name at least one type (omit it to receive all)'];
      else if (events.length > EVENT_TYPES_MAX) list.events = [`must name at most ${EVENT_TYPES_MAX} types`];
      else out.events = events;
    }
  }
  if (Object.keys(list).length > 0) throw invalidBody(list);
  return out;
}
