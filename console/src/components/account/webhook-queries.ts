// The webhook endpoints, one endpoint, its delivery log and the event types, as react-query hooks.
import { useQuery } from '@tanstack/react-query';
import { allPages, api, seg } from '../../api/client.ts';
import type { DeliveryList, EndpointList, WebhookEndpoint } from '../../api/account-types.ts';
import { useAccountPath } from '../use-account.ts';

/** The delivery log follows attempts as they happen while it is on screen. */
export const DELIVERY_REFRESH_MS = 2000;
const DELIVERIES_PAGE_SIZE = 20;

export function useEndpoints() {
  const path = useAccountPath();
  return useQuery({
    queryKey: ['webhooks', path('')],
    // Every page (size 100): the webhooks page shows all of the account's endpoints.
    queryFn: () => allPages(path('/webhooks'), (body: EndpointList) => body.endpoints),
  });
}

export function useEndpoint(endpointId: string) {
  const path = useAccountPath();
  return useQuery({
    queryKey: ['webhooks', path(''), endpointId],
    queryFn: () =>
      api<{ endpoint: WebhookEndpoint }>('GET', path(`/webhooks/${seg(endpointId)}`)).then((body) => body.endpoint),
    // A receiver answering 410 disables the endpoint meanwhile.
    refetchInterval: DELIVERY_REFRESH_MS,
  });
}

export function useDeliveries(endpointId: string, page: number) {
  const path = useAccountPath();
  return useQuery({
    queryKey: ['webhooks', path(''), endpointId, 'deliveries', page],
    queryFn: () =>
      api<DeliveryList>(
        'GET',
        path(`/webhooks/${seg(endpointId)}/deliveries?page=${page}&size=${DELIVERIES_PAGE_SIZE}`),
      ),
    refetchInterval: DELIVERY_REFRESH_MS,
    placeholderData: (previous) => previous,
  });
}

export function useEventTypes() {
  return useQuery({
    queryKey: ['webhook-event-types'],
    queryFn: () => api<{ types: string[] }>('GET', '/webhook-event-types').then((body) => body.types),
    staleTime: Infinity,
  });
}

/** MultiSelect options: the known types but `ping` (always sent anyway), plus any the endpoint
 * names that this version does not know. */
export function eventOptions(known: string[] | undefined, chosen: string[]): string[] {
  return [...new Set([...(known ?? []).filter((type) => type !== 'ping'), ...chosen])];
}
