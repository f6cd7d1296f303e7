// Try the agent as a client would: a streamed chat, with the agent's client tool calls answered
// by hand. Chats here are real conversations and cost the model's credits.
import { Button, Code, Group, Stack, Text } from '@mantine/core';
import type { Agent } from '../../api/types.ts';
import { useChat } from './playground/use-chat.ts';
import { Transcript } from './playground/transcript.tsx';
import { ToolResultsForm } from './playground/tool-results-form.tsx';
import { Composer } from './playground/composer.tsx';

export function PlaygroundTab({ agent }: { agent: Agent }) {
  const chat = useChat(agent.id);
  const tools = agent.tools ?? [];
  const waitingForTools = !chat.streaming && chat.pending.length > 0;

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" c="dimmed">
          Model <Code>{agent.model}</Code>
          {tools.length > 0 && (
            <>
              {' · Client tools '}
              {tools.map((tool) => (
                <Code key={tool.name} mr={4}>
                  {tool.name}
                </Code>
              ))}
            </>
          )}
          {chat.log.conversationId && (
            <>
              {' · Conversation '}
              <Code>{chat.log.conversationId}</Code>
            </>
          )}
        </Text>
        <Button variant="default" size="xs" onClick={chat.reset}>
          New conversation
        </Button>
      </Group>
      <Transcript
        entries={chat.log.entries}
        empty="Send a message to try the agent. Replies stream in as the model writes them, are kept as a conversation, and cost the model’s credits."
      />
      {waitingForTools && <ToolResultsForm calls={chat.pending} onSend={chat.sendResults} onCancel={chat.cancel} />}
      <Composer
        streaming={chat.streaming}
        blocked={waitingForTools ? 'Send the tool results or cancel the calls before the next message.' : null}
        onSend={chat.send}
        onStop={chat.stop}
      />
    </Stack>
  );
}
