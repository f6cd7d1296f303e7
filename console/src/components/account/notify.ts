// Toasts for what a row action or a saved form did; page-level errors use ErrorAlert instead.
import { notifications } from '@mantine/notifications';
import { ApiError } from '../../api/client.ts';

export function notifySuccess(message: string, title?: string): void {
  notifications.show({ color: 'green', title, message });
}

/** A failed action in red: the API's message and, for INVALID_BODY, its fields' problems. */
export function notifyError(error: unknown, title: string): void {
  const message = error instanceof Error ? error.message : String(error);
  const fields =
    error instanceof ApiError && error.list
      ? Object.entries(error.list).map(([field, problems]) => `${field}: ${problems.join('; ')}`)
      : [];
  notifications.show({
    color: 'red',
    title,
    message: [message, ...fields].join('\n'),
    autoClose: 8000,
    style: { whiteSpace: 'pre-line' },
  });
}
