import type { Agent } from '../../api/types.ts';

export function ConversationsTab({ agent }: { agent: Agent }) {
  return <p>{agent.name}: to be built.</p>;
}
