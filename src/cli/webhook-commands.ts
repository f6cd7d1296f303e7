// `webhooks …`: endpoints, test pings, the delivery log and redelivery. A running server's worker
// sends what these queue.
import type { DomainDeps } from '../domain/context.ts';
import { AppError } from '../domain/errors.ts';
import { createEndpoint } from '../domain/webhooks/create-endpoint.ts';
import { listEndpoints } from '../domain/webhooks/list-endpoints.ts';
import { updateEndpoint, type EndpointUpdate } from '../domain/webhooks/update-endpoint.ts';
import { deleteEndpoint } from '../domain/webhooks/delete-endpoint.ts';
import { sendTestPing } from '../domain/webhooks/send-test-ping.ts';
import { listDeliveries } from '../domain/webhooks/list-deliveries.ts';
import { redeliver } from '../domain/webhooks/redeliver.ts';
import { toEndpointView } from '../domain/webhooks/endpoint-view.ts';
import { toDeliveryView } from '../domain/webhooks/delivery-view.ts';
import { toPagination } from '../domain/pagination.ts';
import { accountContext, optionalList, pageOptions, required, type Options } from './operator.ts';
import type { Command } from './commands.ts';

/** `--events a,b`; `--events all` (or `*`) subscribes to every type. */
function parseEvents(options: Options): string[] | null | undefined {
  const list = optionalList(options, 'events');
  if (list === undefined) return undefined;
  return list.length === 1 && (list[0] === 'all' || list[0] === '*') ? null : list;
}

async function endpointContext(deps: DomainDeps, endpointId: string) {
  const accountId = await deps.store.webhooks.endpointOwner(endpointId);
  if (!accountId) throw new AppError('NOT_FOUND', `No webhook endpoint ${endpointId}.`);
  return accountContext(deps, accountId);
}

const update = (options: string[], input: (o: Options) => EndpointUpdate): Command => ({
  options,
  needsAnOption: options.length > 0,
  takesId: true,
  run: async (deps, o, id) =>
    toEndpointView(await updateEndpoint(deps, await endpointContext(deps, id as string), id as string, input(o))),
});

export const WEBHOOK_COMMANDS: Record<string, Command> = {
  'webhooks create': {
    options: ['account', 'url', 'events', 'description'],
    required: ['account', 'url'],
    run: async (deps, o) => {
      const ctx = await accountContext(deps, required(o, 'account'));
      const { endpoint, secret } = await createEndpoint(deps, ctx, {
        url: required(o, 'url'),
        events: parseEvents(o),
        description: o.description,
      });
      return { ...toEndpointView(endpoint), secret };
    },
  },
  'webhooks list': {
    options: ['account', 'page', 'size'],
    required: ['account'],
    // The admin API's answer: the page of endpoints and its `pagination` object.
    run: async (deps, o) => {
      const page = pageOptions(o);
      const result = await listEndpoints(deps, await accountContext(deps, required(o, 'account')), page);
      return { endpoints: result.items.map(toEndpointView), pagination: toPagination(page, result.total) };
    },
  },
  'webhooks update': update(['url', 'events', 'description'], (o) => ({
    url: o.url,
    events: parseEvents(o),
    description: o.description,
  })),
  'webhooks enable': update([], () => ({ enabled: true })),
  'webhooks disable': update([], () => ({ enabled: false })),
  'webhooks delete': {
    options: [],
    takesId: true,
    run: async (deps, _o, id) => {
      await deleteEndpoint(deps, await endpointContext(deps, id as string), id as string);
      return { id, deleted: true };
    },
  },
  'webhooks test': {
    options: [],
    takesId: true,
    run: async (deps, _o, id) =>
      toDeliveryView(await sendTestPing(deps, await endpointContext(deps, id as string), id as string)),
  },
  'webhooks deliveries': {
    options: ['page', 'size'],
    takesId: true,
    // The admin API's answer: the page of deliveries and its `pagination` object.
    run: async (deps, o, id) => {
      const page = pageOptions(o);
      const result = await listDeliveries(deps, await endpointContext(deps, id as string), id as string, page);
      return { deliveries: result.items, pagination: toPagination(page, result.total) };
    },
  },
  'webhooks redeliver': {
    options: [],
    takesId: true,
    idName: 'DELIVERY_ID',
    run: async (deps, _o, id) => {
      const accountId = await deps.store.webhooks.deliveryOwner(id as string);
      if (!accountId) throw new AppError('NOT_FOUND', `No webhook delivery ${id}.`);
      return toDeliveryView(await redeliver(deps, await accountContext(deps, accountId), id as string));
    },
  },
};
