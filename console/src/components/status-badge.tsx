import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';

/** A badge in a table cell: a narrow column must not cut its word to "ACTI…". */
export function StatusBadge({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Badge variant="light" color={color} style={{ minWidth: 'max-content' }}>
      {children}
    </Badge>
  );
}
