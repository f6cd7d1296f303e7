import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A bordered block of a tab with its own heading, so the page reads as a list of sections. */
export function Section({
  title,
  description,
  children,
  order = 3,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  order?: 3 | 4;
}) {
  return (
    <Paper withBorder p="md" radius="md" component="section">
      <Stack gap="sm">
        <div>
          <Title order={order}>{title}</Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
