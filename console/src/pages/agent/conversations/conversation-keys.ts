/** The react-query key prefix of an agent's conversations and their messages. */
export function conversationsKey(accountPath: string, agentId: string) {
  return ['conversations', accountPath, agentId] as const;
}
