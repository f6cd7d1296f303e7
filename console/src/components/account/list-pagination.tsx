import { Group, Pagination, Text } from '@mantine/core';
import type { Pagination as PageInfo } from '../../api/types.ts';

/** Page links under a list; nothing when everything fits on one page. */
export function ListPagination({
  pagination,
  onChange,
}: {
  pagination: PageInfo | undefined;
  onChange: (page: number) => void;
}) {
  if (!pagination || pagination.totalPages <= 1) return null;
  return (
    <Group justify="space-between" mt="md" wrap="wrap">
      <Text size="sm" c="dimmed">
        Page {pagination.currentPage} of {pagination.totalPages}
      </Text>
      <Pagination
        total={pagination.totalPages}
        value={pagination.currentPage}
        onChange={onChange}
        size="sm"
        getControlProps={(control) => ({ 'aria-label': `${control} page` })}
      />
    </Group>
  );
}
