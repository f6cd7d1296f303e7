// The error codes of SPEC §7, plus the few this service adds where the spec is silent
// (documented in the OpenAPI document). The domain raises codes; only http/ knows statuses.

export const SPEC_ERROR_CODES = [
  'AUTH_REQUIRED',
  'KEY_EXPIRED',
  'INVALID_BODY',
  'CONTENT_BLOCKED',
  'FILE_REQUIRED',
  'FILE_TYPE_NOT_ALLOWED',
  'INVALID_FILE',
  'INSUFFICIENT_CREDITS',
  'PLAN_LIMIT_REACHED',
  'MODEL_NOT_AVAILABLE',
  'AGENT_NOT_ALLOWED',
  'IP_NOT_ALLOWED',
  'AGENT_NOT_FOUND',
  'CONVERSATION_NOT_FOUND',
  'MESSAGE_NOT_FOUND',
  'SOURCE_NOT_FOUND',
  'TOOL_CALL_NOT_FOUND',
  'TOOL_CALL_ALREADY_CANCELED',
  'TOOL_CALL_NOT_PENDING',
  'TOOL_CALL_ALREADY_EXECUTED',
  'PENDING_TOOL_CALLS',
  'FILE_TOO_LARGE',
  'QUOTA_EXCEEDED',
  'RATE_LIMITED',
  'UNKNOWN_ERROR',
  'MODERATION_UNAVAILABLE',
] as const;

/** Codes the spec does not list but a careful HTTP API still needs. */
export const EXTRA_ERROR_CODES = [
  'NOT_FOUND', // no such route
  'METHOD_NOT_ALLOWED', // the path exists, but not with this method (405 with Allow)
  'PAYLOAD_TOO_LARGE', // a JSON body over the body limit
  'REQUEST_TOO_LARGE', // the URL and headers over what the server reads (Node's 16 KB), answered before any route
  'CLIENT_DISCONNECTED', // the client went away before its answer was complete (never sent; logs and chat.failed)
  'CSRF_TOKEN_INVALID', // admin API: an unsafe request without the session's X-CSRF-Token
  'OWNER_REQUIRED', // admin API: a teammate tried what only the account's owners may do
  'READ_ONLY_MEMBER', // admin API: a viewer tried to change something (viewers read, change nothing)
  'ORIGIN_NOT_ALLOWED', // widget: a publishable key used from a page outside its origin allow-list
  'USER_HASH_INVALID', // widget: a signed-in user's id whose hash is not signed with the agent's identity secret
  'SITE_NOT_FOUND', // admin API and CLI: no such crawled site for the agent
  'CONVERSATION_NOT_WITH_PEOPLE', // a person's reply to a conversation that is with the agent (hand it off first)
  'SITE_SYNC_RUNNING', // a re-sync of the site is under way (its lease is held): one at a time
  'TEST_QUESTION_NOT_FOUND', // no such test question for the agent
  'TEST_RUN_NOT_FOUND', // no such test run for the agent
  'SERVICE_UNAVAILABLE', // a dependency is down (database) or the server is full (extraction queue); sent with Retry-After
] as const;

export type ErrorCode = (typeof SPEC_ERROR_CODES)[number] | (typeof EXTRA_ERROR_CODES)[number];

/** Field name → messages, as SPEC §7 allows for `error.list`. */
export type ValidationList = Record<string, string[]>;

export interface AppErrorDetails {
  list?: ValidationList;
  ids?: string[];
  output?: Record<string, unknown>;
  usage?: { credits: number };
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: AppErrorDetails;

  constructor(code: ErrorCode, message: string, details: AppErrorDetails = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }
}

export function invalidBody(list: ValidationList, message = 'The request is invalid.'): AppError {
  return new AppError('INVALID_BODY', message, { list });
}

/** Why work stops when the client closes its connection: an expected end, not a failure of ours. */
export function clientDisconnected(): AppError {
  return new AppError('CLIENT_DISCONNECTED', 'The client closed the connection before the answer was complete.');
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
