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
  /** The mutation the confirm button runs: its progress and failure show here, and closing the
   * modal clears a failure so the next opening starts clean. */
  action: { isPending: boolean; error: unknown; reset: () => void };
  /** The heading over a failure, e.g. "It was not deleted". */
  errorTitle?: string;
}

export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  action,
  errorTitle,
}: ConfirmModalProps) {
  const close = () => {
    onClose();
    action.reset();
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <Stack>
        <Text size="sm" component="div">
          {children}
        </Text>
        <ErrorAlert error={action.error} title={errorTitle} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={action.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={action.isPending} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
