import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorAlert } from '../feedback.tsx';

/** A yes/no question before something that cannot be undone; its button is "Delete". */
export function ConfirmDeleteModal({ opened, title, children, busy, error, onConfirm, onClose }: { opened: boolean; title: string; children: ReactNode; busy: boolean; error: unknown; onConfirm: () => void; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        <Text size="sm">{children}</Text>
        <ErrorAlert error={error} title="It was not deleted" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy} data-autofocus>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
