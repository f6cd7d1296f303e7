import { ApiError } from '../../../api/client.ts';
import { FailureAlert } from '../../../components/agent/failure-alert.tsx';

// The chat errors a person can act on, named; the message and code follow in the alert.
const TITLES: Record<string, string> = {
  CONTENT_BLOCKED: 'The message was blocked',
  INSUFFICIENT_CREDITS: 'Not enough credits',
  QUOTA_EXCEEDED: 'Quota exceeded',
  MODEL_NOT_AVAILABLE: 'The model is not available',
  MODERATION_UNAVAILABLE: 'Moderation is unavailable',
  PENDING_TOOL_CALLS: 'Tool calls are waiting',
  CONVERSATION_NOT_FOUND: 'The conversation no longer exists',
};

export function ReplyError({ error }: { error: unknown }) {
  const title = (error instanceof ApiError && TITLES[error.code]) || 'The reply failed';
  return <FailureAlert error={error} title={title} />;
}
