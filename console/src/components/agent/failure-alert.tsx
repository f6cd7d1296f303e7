import { Alert, Text } from '@mantine/core';
import { ErrorAlert } from '../feedback.tsx';
import { StreamFailure } from './stream-failure.ts';

/** ErrorAlert, but a failure reported inside a stream shows its code without the 200 it came in. */
export function FailureAlert({ error, title }: { error: unknown; title?: string }) {
  if (!(error instanceof StreamFailure)) return <ErrorAlert error={error} title={title} />;
  return (
    <Alert color="red" title={title ?? 'Something went wrong'} role="alert" variant="light">
      <Text size="sm">{error.message}</Text>
      <Text size="xs" c="dimmed" mt={4}>
        {error.code}
      </Text>
    </Alert>
  );
}
