// An endpoint's deliveries, refreshed every 2 s while on screen; each row opens its attempts
// (the receiver's error or answer), and any delivery can be sent again.
import { Fragment, useState } from 'react';
import { ActionIcon, Button, Group, Table, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, seg } from '../../api/client.ts';
import type { WebhookDelivery } from '../../api/account-types.ts';
import { ErrorAlert, Loading } from '../feedback.tsx';
import { formatDate } from '../format.ts';
import { useAccountPath } from '../use-account.ts';
import { DeliveryAttempts } from './delivery-attempts.tsx';
import { ListPagination } from './list-pagination.tsx';
import { notifyError, notifySuccess } from './notify.ts';
import { useDeliveries } from './webhook-queries.ts';
import { StatusBadge } from '../status-badge.tsx';

const STATUS_COLOR: Record<string, string> = { succeeded: 'green', failed: 'red', pending: 'yellow' };
const COLUMNS = 8;

function StatusCell({ delivery }: { delivery: WebhookDelivery }) {
  const badge = <StatusBadge color={STATUS_COLOR[delivery.status] ?? 'gray'}>{delivery.status}</StatusBadge>;
  return (
    <>
      {delivery.lastError ? (
        <Tooltip label={delivery.lastError} multiline maw={360} withArrow>
          {badge}
        </Tooltip>
      ) : (
        badge
      )}
      {delivery.status === 'pending' && delivery.nextAttemptAt && (
        <Text size="xs" c="dimmed">
          next try {formatDate(delivery.nextAttemptAt)}
        </Text>
      )}
      {delivery.lastError && delivery.status !== 'succeeded' && (
        <Text size="xs" c="red" lineClamp={2} maw={220}>
          {delivery.lastError}
        </Text>
      )}
    </>
  );
}

export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const path = useAccountPath();
  const queries = useQueryClient();
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const deliveries = useDeliveries(endpointId, page);

  const redeliver = useMutation({
    mutationFn: (delivery: WebhookDelivery) => api('POST', path(`/webhook-deliveries/${seg(delivery.id)}/redeliver`)),
    onSuccess: async (_answer, delivery) => {
      notifySuccess(`${delivery.eventType} is being sent again.`, 'Redelivery queued');
      await queries.invalidateQueries({ queryKey: ['webhooks', path(''), endpointId, 'deliveries'] });
    },
    onError: (error) => notifyError(error, 'The delivery could not be sent again'),
  });

  function toggle(id: string) {
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }

  return (
    <section aria-labelledby="delivery-log-title">
      <Group justify="space-between" mb="xs">
        <Title order={3} id="delivery-log-title">
          Delivery log
        </Title>
        <Text size="xs" c="dimmed">
          Refreshes every 2 seconds
        </Text>
      </Group>
      {deliveries.isPending ? (
        <Loading label="Loading the delivery log…" />
      ) : deliveries.error ? (
        <ErrorAlert error={deliveries.error} title="The delivery log could not be loaded" />
      ) : deliveries.data.deliveries.length === 0 ? (
        <Text size="sm" c="dimmed" py="md">
          Nothing was sent to this endpoint yet. Send a ping to try it.
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={820}>
            <Table verticalSpacing="xs" aria-label="Deliveries">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <VisuallyHidden>Details</VisuallyHidden>
                  </Table.Th>
                  <Table.Th>Event</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>HTTP status</Table.Th>
                  <Table.Th>Latency (ms)</Table.Th>
                  <Table.Th>Attempts</Table.Th>
                  <Table.Th>When</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {deliveries.data.deliveries.map((delivery) => {
                  const open = expanded.has(delivery.id);
                  return (
                    <Fragment key={delivery.id}>
                      <Table.Tr>
                        <Table.Td>
                          <ActionIcon
                            variant="subtle"
                            aria-expanded={open}
                            aria-label={`Attempts of ${delivery.eventType} ${delivery.id}`}
                            onClick={() => toggle(delivery.id)}
                          >
                            <span
                              aria-hidden
                              style={{
                                display: 'inline-block',
                                transform: open ? 'rotate(90deg)' : undefined,
                                transition: 'transform 120ms',
                              }}
                            >
                              ▸
                            </span>
                          </ActionIcon>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" fw={500}>
                            {delivery.eventType}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {delivery.eventId}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <StatusCell delivery={delivery} />
                        </Table.Td>
                        <Table.Td>{delivery.lastStatusCode ?? '—'}</Table.Td>
                        <Table.Td>{delivery.lastLatencyMs ?? '—'}</Table.Td>
                        <Table.Td>{delivery.attempts}</Table.Td>
                        <Table.Td>{formatDate(delivery.createdAt)}</Table.Td>
                        <Table.Td>
                          <Button
                            size="xs"
                            variant="light"
                            onClick={() => redeliver.mutate(delivery)}
                            loading={redeliver.isPending && redeliver.variables?.id === delivery.id}
                          >
                            Redeliver
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                      {open && (
                        <Table.Tr>
                          <Table.Td colSpan={COLUMNS} bg="var(--mantine-color-gray-light)">
                            <DeliveryAttempts attempts={delivery.log} />
                          </Table.Td>
                        </Table.Tr>
                      )}
                    </Fragment>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListPagination pagination={deliveries.data.pagination} onChange={setPage} />
        </>
      )}
    </section>
  );
}
