// The account's webhook endpoints; a URL opens that endpoint's detail and delivery log.
import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { WebhookEndpoint } from '../../api/account-types.ts';
import { formatDate } from '../format.ts';
import { StatusBadge } from '../status-badge.tsx';

export function endpointStatus(endpoint: WebhookEndpoint): { label: string; color: string } {
  if (endpoint.enabled) return { label: 'enabled', color: 'green' };
  return endpoint.disabledReason === 'gone'
    ? { label: 'disabled (410 Gone)', color: 'orange' }
    : { label: 'disabled', color: 'gray' };
}

export function EndpointsTable({ endpoints }: { endpoints: WebhookEndpoint[] }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>URL</Table.Th>
            <Table.Th>Events</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Created</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {endpoints.map((endpoint) => {
            const status = endpointStatus(endpoint);
            return (
              <Table.Tr key={endpoint.id}>
                <Table.Td maw={360}>
                  <Anchor
                    component={Link}
                    to={`?endpoint=${encodeURIComponent(endpoint.id)}`}
                    fw={500}
                    style={{ wordBreak: 'break-all' }}
                  >
                    {endpoint.url}
                  </Anchor>
                  {endpoint.description && (
                    <Text size="xs" c="dimmed">
                      {endpoint.description}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{endpoint.events === null ? 'All events' : endpoint.events.join(', ')}</Text>
                </Table.Td>
                <Table.Td>
                  <StatusBadge color={status.color}>{status.label}</StatusBadge>
                </Table.Td>
                <Table.Td>{formatDate(endpoint.createdAt)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
