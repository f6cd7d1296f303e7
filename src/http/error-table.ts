import type { ErrorCode } from '../domain/errors.ts';

/** The one map from error code to HTTP status (SPEC §7). The Record type makes the compiler
 * prove that every code has a status. */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  AUTH_REQUIRED: 401, // key missing, malformed, unknown or revoked
  KEY_EXPIRED: 401, // key past its expiry
  INVALID_BODY: 400, // body or query fails its schema or a domain check
  CONTENT_BLOCKED: 400, // chat message refused by moderation
  FILE_REQUIRED: 400, // multipart upload without field `file`
  FILE_TYPE_NOT_ALLOWED: 400, // not PDF, DOC, DOCX or TXT
  INVALID_FILE: 400, // content does not match the extension, or cannot be read
  INSUFFICIENT_CREDITS: 402, // balance short for chat or search
  PLAN_LIMIT_REACHED: 403, // storage or crawled pages at the plan's limit
  MODEL_NOT_AVAILABLE: 403, // model not on the account's plan
  AGENT_NOT_ALLOWED: 403, // key restricted to other agents
  IP_NOT_ALLOWED: 403, // key used from an address outside its allow-list
  AGENT_NOT_FOUND: 404, // no such agent in the caller's account
  CONVERSATION_NOT_FOUND: 404,
  MESSAGE_NOT_FOUND: 404,
  SOURCE_NOT_FOUND: 404,
  TOOL_CALL_NOT_FOUND: 404,
  TOOL_CALL_ALREADY_CANCELED: 409,
  TOOL_CALL_NOT_PENDING: 409,
  TOOL_CALL_ALREADY_EXECUTED: 409,
  PENDING_TOOL_CALLS: 409,
  FILE_TOO_LARGE: 413, // upload larger than the agent's remaining storage
  QUOTA_EXCEEDED: 429, // the key's credit quota is used up, or has less left than the request costs
  RATE_LIMITED: 429, // the account's requests per minute are used up
  UNKNOWN_ERROR: 500, // anything unexpected; never carries internal details
  MODERATION_UNAVAILABLE: 503, // the moderator failed or timed out
  NOT_FOUND: 404, // no such route
  METHOD_NOT_ALLOWED: 405, // the path exists with other methods; the answer's Allow header lists them
  PAYLOAD_TOO_LARGE: 413, // JSON body over the server's body limit
  REQUEST_TOO_LARGE: 431, // URL and headers over Node's header limit: answered by the client-error handler, no route runs
  CLIENT_DISCONNECTED: 499, // the client closed the connection first: nobody reads this status (nginx's 499), it is logged at info
  CSRF_TOKEN_INVALID: 403, // admin API: unsafe method without the session's X-CSRF-Token
  OWNER_REQUIRED: 403, // admin API: a teammate adding or removing members (owners only)
  READ_ONLY_MEMBER: 403, // admin API: a viewer's change (replying, assigning, resolving, editing)
  ORIGIN_NOT_ALLOWED: 403, // widget: the page's Origin is not in the publishable key's allow-list
  USER_HASH_INVALID: 401, // widget: X-Colloquy-User-Hash is not the HMAC-SHA256 of X-Colloquy-User with the agent's identity secret
  SITE_NOT_FOUND: 404, // no crawled site with this id for the agent
  CONVERSATION_NOT_WITH_PEOPLE: 409, // a person's reply while the agent answers the conversation
  SITE_SYNC_RUNNING: 409, // the site's re-sync lease is held by a run under way (another request or the scheduler)
  TEST_QUESTION_NOT_FOUND: 404, // no test question with this id for the agent
  TEST_RUN_NOT_FOUND: 404, // no test run with this id for the agent
  SERVICE_UNAVAILABLE: 503, // the database is unreachable, or the extraction queue is full; always with Retry-After
};

/** The short `error` text of the flat 401 body. */
export const UNAUTHORIZED_NAMES: Partial<Record<ErrorCode, string>> = {
  AUTH_REQUIRED: 'Unauthorized',
  KEY_EXPIRED: 'Key expired',
  USER_HASH_INVALID: 'Invalid user hash',
};
