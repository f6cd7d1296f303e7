// A secret the server shows only once (a new API key, a webhook signing secret): copy it or lose it.
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface SecretOnceModalProps {
  title: string;
  /** null: closed. */
  secret: string | null;
  testId: string;
  children?: ReactNode;
  onDone: () => void;
}

export function SecretOnceModal({ title, secret, testId, children, onDone }: SecretOnceModalProps) {
  return (
    // Clicking outside or Escape would lose the secret by accident; only "Done" closes it.
    <Modal
      opened={secret !== null}
      onClose={onDone}
      title={title}
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
      centered
      size="lg"
    >
      <Stack>
        <Alert color="yellow" variant="light">
          This is the only time it is shown. Store it somewhere safe now.
        </Alert>
        {children && <Text size="sm">{children}</Text>}
        <Code block data-testid={testId} style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {secret}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={secret ?? ''} timeout={2000}>
            {({ copied, copy }) => (
              <Button variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onDone}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
