import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';

/** The message box: Enter sends, Shift+Enter starts a new line; Stop aborts a streaming reply. */
export function Composer({
  streaming,
  blocked,
  onSend,
  onStop,
}: {
  streaming: boolean;
  blocked: string | null;
  onSend: (message: string) => void;
  onStop: () => void;
}) {
  const [message, setMessage] = useState('');
  const canSend = !streaming && blocked === null && message.trim() !== '';

  function send() {
    if (!canSend) return;
    onSend(message);
    setMessage('');
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    send();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter while composing (an IME choosing characters) belongs to the IME.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  }

  return (
    <form onSubmit={submit}>
      <Stack gap={6}>
        <Textarea
          label="Message"
          description="Enter sends · Shift+Enter starts a new line"
          placeholder="Ask the agent something…"
          autosize
          minRows={2}
          maxRows={8}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
        {blocked && (
          <Text size="xs" c="dimmed">
            {blocked}
          </Text>
        )}
        <Group gap="sm">
          <Button type="submit" disabled={!canSend}>
            Send
          </Button>
          {streaming && (
            <Button variant="default" color="red" onClick={onStop}>
              Stop
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
