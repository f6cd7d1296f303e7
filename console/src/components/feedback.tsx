// Shared ways of telling the user what happened: an API error in words, an empty list, a loader.
import { Alert, Center, Loader, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiError } from '../api/client.ts';

/** The API's message, its code, and each field's problems (INVALID_BODY's `list`). */
export function ErrorAlert({ error, title = 'Something went wrong' }: { error: unknown; title?: string }) {
  if (!error) return null;
  const apiError = error instanceof ApiError ? error : null;
  const message = error instanceof Error ? error.message : String(error);
  return (
    <Alert color="red" title={title} role="alert" variant="light">
      <Text size="sm">{message}</Text>
      {apiError?.list && (
        <List size="sm" mt={4}>
          {Object.entries(apiError.list).flatMap(([field, problems]) =>
            problems.map((problem) => <List.Item key={`${field}:${problem}`}>{`${field}: ${problem}`}</List.Item>),
          )}
        </List>
      )}
      {apiError && apiError.code !== 'NETWORK_ERROR' && (
        <Text size="xs" c="dimmed" mt={4}>
          {apiError.code} (HTTP {apiError.status})
        </Text>
      )}
    </Alert>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack align="center" gap={4} py="xl" data-testid="empty-state">
      <Title order={4}>{title}</Title>
      {children && (
        <Text c="dimmed" size="sm" ta="center" maw={420}>
          {children}
        </Text>
      )}
    </Stack>
  );
}

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center py="xl" aria-live="polite">
      <Loader size="sm" aria-label={label} />
    </Center>
  );
}

/** A field's problems from an INVALID_BODY answer, for a form input's `error`. */
export function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.list?.[field]?.join('; ') : undefined;
}

export function PageTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <Stack gap={0} mb="md">
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 8 }}>
        <Title order={2}>{children}</Title>
        {actions}
      </div>
    </Stack>
  );
}
