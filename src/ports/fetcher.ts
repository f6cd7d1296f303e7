/** Outbound HTTP for requests whose target a user controls (crawler, webhooks). */
export interface OutboundRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Whole request, redirects included. */
  timeoutMs: number;
  /** The body is cut here and `truncated` is set; a larger body is never buffered. */
  maxBytes: number;
  /** How many redirects to follow; each hop passes the address guard again. 0: none. */
  maxRedirects: number;
  signal?: AbortSignal;
}

export interface OutboundResponse {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  truncated: boolean;
}

/** Why an outbound request got no response. */
export type OutboundFailure = 'blocked-address' | 'bad-url' | 'timeout' | 'network' | 'too-many-redirects';

export class OutboundError extends Error {
  readonly reason: OutboundFailure;
  constructor(reason: OutboundFailure, message: string) {
    super(message);
    this.name = 'OutboundError';
    this.reason = reason;
  }
}

export interface Fetcher {
  fetch(request: OutboundRequest): Promise<OutboundResponse>;
  close(): Promise<void>;
}
