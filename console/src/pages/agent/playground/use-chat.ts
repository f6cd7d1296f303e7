// The playground's chat over the streaming path: each request appends to the transcript, the
// stream's frames fill in the reply, and Stop aborts the request (the server then stops the model).
import { useEffect, useReducer, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { api, seg } from '../../../api/client.ts';
import { postEventStream } from '../../../api/event-stream.ts';
import type { ChatFrame, ChatRequest, ToolCall } from '../../../api/agent-types.ts';
import { useAccountPath } from '../../../components/use-account.ts';
import { useAgentPath } from '../../../components/agent/use-agent-path.ts';
import { conversationsKey } from '../conversations/conversation-keys.ts';
import {
  EMPTY_LOG,
  chatReducer,
  interruptedStreamsStopped,
  isStreaming,
  pendingToolCalls,
  type ChatLog,
  type Entry,
} from './chat-log.ts';
import type { ToolCallList } from '../../../api/insight-types.ts';
import { loadChat, saveChat } from './saved-chat.ts';

// Each agent's playground transcript outlives its tab (the tabs unmount when left), so looking at
// the knowledge or the conversations and coming back does not lose the chat; it is kept in
// sessionStorage too, so a reload does not lose it (nor a tool call waiting for its result). Only
// New conversation starts over.
const savedChats = new Map<string, ChatLog>();
const SESSION_START = Date.now().toString(36);

function restoreChat(key: string): ChatLog {
  const saved = savedChats.get(key);
  return saved ? interruptedStreamsStopped(saved) : (loadChat(key) ?? EMPTY_LOG);
}

export function useChat(agentId: string) {
  const accountPath = useAccountPath();
  const agentPath = useAgentPath(agentId);
  const queries = useQueryClient();
  const chatKey = `${accountPath('')}|${agentId}`;
  const [log, dispatch] = useReducer(chatReducer, chatKey, restoreChat);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => {
    savedChats.set(chatKey, log);
    saveChat(chatKey, log);
  }, [chatKey, log]);
  // Calls restored as pending may have been settled since (in another tab, by an API client):
  // the server's statuses win.
  const restoredPending = useRef(pendingToolCalls(log).length > 0 ? log.conversationId : undefined);
  useEffect(() => {
    const conversationId = restoredPending.current;
    if (!conversationId) return;
    restoredPending.current = undefined;
    api<ToolCallList>('GET', agentPath(`/conversations/${seg(conversationId)}/tool-calls?size=100`))
      .then((list) => {
        for (const call of list.toolCalls)
          if (call.status !== 'pending') dispatch({ type: 'tool-status', callId: call.id, status: call.status });
      })
      .catch(() => undefined); // the form stays; sending then tells what happened
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the transcript restored at mount
  }, []);
  // Leaving the tab stops a streaming reply: nobody is there to read it.
  useEffect(() => () => controller.current?.abort(), []);
  const nextId = useRef(0);
  // Unique across reloads too: a restored transcript keeps the ids of the page before.
  const newId = () => `entry-${SESSION_START}-${(nextId.current += 1)}`;

  async function run(body: Omit<ChatRequest, 'stream'>, asked: Entry) {
    const id = newId();
    const answers = (body.toolResults ?? []).map((result) => result.toolCallId);
    dispatch({
      type: 'start',
      entries: [asked, { kind: 'assistant', id, content: '', toolCalls: [], state: 'streaming', answers }],
    });
    const abort = new AbortController();
    controller.current = abort;
    try {
      await postEventStream(
        agentPath('/chat'),
        { ...body, stream: true },
        (frame) => dispatch({ type: 'frame', id, frame: frame as ChatFrame }),
        abort.signal,
      );
      dispatch({ type: 'ended', id });
    } catch (error) {
      dispatch((error as Error).name === 'AbortError' ? { type: 'stopped', id } : { type: 'failed', id, error });
    } finally {
      if (controller.current === abort) controller.current = null;
      void queries.invalidateQueries({ queryKey: conversationsKey(accountPath(''), agentId) });
    }
  }

  return {
    log,
    streaming: isStreaming(log),
    pending: pendingToolCalls(log),
    send(message: string) {
      void run({ message, conversationId: log.conversationId }, { kind: 'user', id: newId(), text: message });
    },
    /** Results for every pending call in one request, as the API requires. */
    sendResults(results: Array<{ call: ToolCall; output: string }>) {
      void run(
        {
          conversationId: log.conversationId,
          toolResults: results.map(({ call, output }) => ({ toolCallId: call.id, output })),
        },
        {
          kind: 'tool-results',
          id: newId(),
          results: results.map(({ call, output }) => ({ name: call.function.name, output })),
        },
      );
    },
    async cancel(call: ToolCall) {
      if (!log.conversationId) return;
      try {
        await api('POST', agentPath(`/conversations/${seg(log.conversationId)}/tool/cancel/${seg(call.id)}`));
        dispatch({ type: 'tool-status', callId: call.id, status: 'canceled' });
      } catch (error) {
        notifications.show({
          color: 'red',
          title: `${call.function.name} was not canceled`,
          message: (error as Error).message,
        });
      }
    },
    stop() {
      controller.current?.abort();
    },
    /** Forgets the conversation: the next message starts a new one. */
    reset() {
      controller.current?.abort();
      dispatch({ type: 'reset' });
    },
  };
}
