// The official `openai` SDK set up the same way for every OpenAI-compatible endpoint we call (chat
// models, moderation): only what the operator configured, never the SDK's own OPENAI_* variables.
import OpenAI, { type ClientOptions } from 'openai';

export interface OpenAiEndpoint {
  baseUrl: string;
  /** Null for servers that take no key: then no Authorization header is sent. */
  apiKey: string | null;
  timeoutMs: number;
}

/** Built once per endpoint. The endpoint is the operator's, so it is not behind the SSRF guard. */
export function createOpenAiClient(
  endpoint: OpenAiEndpoint,
  extra: Pick<ClientOptions, 'fetch' | 'fetchOptions'> = {},
): OpenAI {
  return new OpenAI({
    baseURL: endpoint.baseUrl,
    // The SDK refuses to start without a key: a keyless server gets a placeholder and the header is
    // removed. Explicit nulls stop it from reading OPENAI_* variables of its own.
    apiKey: endpoint.apiKey ?? 'none',
    ...(endpoint.apiKey === null && { defaultHeaders: { Authorization: null } }),
    adminAPIKey: null,
    organization: null,
    project: null,
    webhookSecret: null,
    maxRetries: 0,
    timeout: endpoint.timeoutMs,
    logLevel: 'off',
    ...extra,
  });
}

/** Removes the key, and anything shaped like one (OpenAI quotes a masked key on a 401). */
export function redactKey(text: string, apiKey: string | null): string {
  return (apiKey ? text.split(apiKey).join('[redacted]') : text).replace(/\bsk-[\w*.-]+/g, '[redacted]');
}

/** The endpoint's origin and path for messages, never credentials written into the URL. */
export function describeEndpoint(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return '(the configured endpoint)';
  }
}
