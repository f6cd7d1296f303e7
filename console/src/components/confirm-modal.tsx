// "Are you sure?" before something that cannot be undone; the failure, if any, stays in the modal.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorAlert } from './feedback.tsx';

export interface ConfirmModalProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  /** The confirm button's words, e.g. "Delete". */
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  busy?: boolean;
  error?: unknown;
  /** The heading over a failure, e.g. "It was not deleted". */
  errorTitle?: string;
}

export function ConfirmModal({ opened, title, children, confirmLabel, onConfirm, onClose, busy = false, error, errorTitle }: ConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        <Text size="sm" component="div">
          {children}
        </Text>
        <ErrorAlert error={error} title={errorTitle} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
