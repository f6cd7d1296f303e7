// An OpenAI-compatible `/moderations` endpoint through the official SDK. Every failure (refused,
// unreachable, slow, malformed) is ModerationUnavailableError: the chat fails closed (SPEC §7).
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { createOpenAiClient, describeEndpoint, redactKey } from '../openai/openai-client.ts';
import {
  MODERATION_CATEGORIES,
  ModerationUnavailableError,
  type ModerationCategory,
  type Moderator,
} from '../../ports/moderator.ts';

export interface OpenAiModeratorOptions {
  baseUrl: string;
  /** Null for servers that take no key: then no Authorization header is sent. */
  apiKey: string | null;
  model: string;
  timeoutMs: number;
}

/** The endpoint's categories ("hate/threatening", "illicit/violent", …) by the prefix that maps them onto ours. */
const PREFIXES: ReadonlyArray<[string, ModerationCategory]> = [
  ['hate', 'hate'],
  ['harassment', 'harassment'],
  ['sexual', 'sexual'],
  ['self-harm', 'self-harm'],
  ['violence', 'violence'],
  ['illicit', 'crime'],
];

export function toCategories(flags: Record<string, unknown>): ModerationCategory[] {
  const found = new Set<ModerationCategory>();
  for (const [name, value] of Object.entries(flags)) {
    if (value !== true) continue;
    const match = PREFIXES.find(([prefix]) => name === prefix || name.startsWith(`${prefix}/`));
    if (match) found.add(match[1]);
  }
  return MODERATION_CATEGORIES.filter((category) => found.has(category));
}

/** Builds the SDK client once. The endpoint is the operator's, so it is not behind the SSRF guard. */
export function createOpenAiModerator(options: OpenAiModeratorOptions): Moderator {
  const endpoint = describeEndpoint(options.baseUrl);
  const client = createOpenAiClient(options);

  return {
    async check(text, signal) {
      // Our own deadline covers the whole exchange, reading the body included.
      const deadline = AbortSignal.timeout(options.timeoutMs);
      let results: unknown;
      try {
        const response = await client.moderations.create(
          { model: options.model, input: text },
          { signal: signal ? AbortSignal.any([signal, deadline]) : deadline, timeout: options.timeoutMs },
        );
        results = response.results;
      } catch (error) {
        throw toUnavailable(error, endpoint, options, deadline.aborted);
      }
      const result = Array.isArray(results)
        ? (results[0] as { flagged?: unknown; categories?: unknown } | undefined)
        : undefined;
      if (typeof result?.flagged !== 'boolean' || typeof result.categories !== 'object' || result.categories === null) {
        throw new ModerationUnavailableError(`the moderation endpoint ${endpoint} sent a malformed answer`);
      }
      // Only the SPEC's categories block a message; an upstream category we do not know does not.
      const categories = result.flagged ? toCategories(result.categories as Record<string, unknown>) : [];
      return { flagged: categories.length > 0, categories };
    },
  };
}

/** What went wrong, in words that never carry the key (an endpoint may echo it in its message). */
function toUnavailable(
  error: unknown,
  endpoint: string,
  options: OpenAiModeratorOptions,
  timedOut: boolean,
): ModerationUnavailableError {
  if (timedOut || error instanceof APIConnectionTimeoutError) {
    return new ModerationUnavailableError(
      `the moderation endpoint ${endpoint} did not answer within ${options.timeoutMs} ms`,
    );
  }
  if (error instanceof APIUserAbortError) return new ModerationUnavailableError('the moderation check was aborted');
  if (error instanceof APIConnectionError)
    return new ModerationUnavailableError(`the moderation endpoint ${endpoint} is unreachable`);
  if (error instanceof APIError) {
    const code = typeof error.code === 'string' ? ` (${redactKey(error.code, options.apiKey)})` : '';
    return new ModerationUnavailableError(
      `the moderation endpoint ${endpoint} answered ${error.status ?? 'with an error'}${code}`,
    );
  }
  return new ModerationUnavailableError(
    `the moderation endpoint ${endpoint} failed (${error instanceof Error ? error.name : 'unknown error'})`,
  );
}
