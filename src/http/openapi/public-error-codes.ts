// The codes the public API's operations can give by their kind, for its OpenAPI document: each error
// answer there names only the codes its operation can give, these and its route's own
// (`config.openapi.errors`), not every code the error table maps to its status.
import type { DocumentRouteOptions } from './route-documentation.ts';

export const PUBLIC_ERROR_CODES: NonNullable<DocumentRouteOptions['codes']> = {
  // A URL and headers over Node's limit; a failure; the database down or a queue full.
  every: ['REQUEST_TOO_LARGE', 'UNKNOWN_ERROR', 'SERVICE_UNAVAILABLE'],
  validated: ['INVALID_BODY'],
  body: ['PAYLOAD_TOO_LARGE'],
  // The authentication hook, in SPEC §5's order: the key, its expiry, its addresses, the rate limit.
  secured: ['AUTH_REQUIRED', 'KEY_EXPIRED', 'IP_NOT_ALLOWED', 'RATE_LIMITED'],
  pathParams: {
    // A key restricted to other agents is refused on any /agents/{agentId}… path.
    agentId: ['AGENT_NOT_ALLOWED', 'AGENT_NOT_FOUND'],
    conversationRef: ['CONVERSATION_NOT_FOUND'],
    messageId: ['MESSAGE_NOT_FOUND'],
    sourceId: ['SOURCE_NOT_FOUND'],
    toolCallId: ['TOOL_CALL_NOT_FOUND'],
    questionId: ['TEST_QUESTION_NOT_FOUND'],
    runId: ['TEST_RUN_NOT_FOUND'],
  },
};
