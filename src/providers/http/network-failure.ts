// Why an outbound connection failed, in words a user can act on ("the server refused the
// connection"), from the error codes Node and undici put on the fetch error's cause. The words
// finish the sentence "could not be crawled because …".

const DNS = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL', 'EAI_NODATA']);
const UNREACHABLE = new Set(['EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENETDOWN']);
const TIMEOUT = new Set(['ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
const CLOSED = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

const TLS_WORDS: Record<string, string> = {
  ERR_SSL_WRONG_VERSION_NUMBER: 'the server does not speak TLS (https) on that port',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its certificate chain ends in a self-signed certificate',
  CERT_HAS_EXPIRED: 'its certificate has expired',
  CERT_NOT_YET_VALID: 'its certificate is not valid yet',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its certificate is for another host name',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its certificate could not be verified',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'its certificate is signed by an unknown authority',
};

interface Coded {
  code?: string;
  message?: string;
  cause?: unknown;
  errors?: unknown[];
}

/** The first error code along the cause chain (and inside an AggregateError of several addresses). */
function codeOf(error: unknown, depth = 0): string | undefined {
  if (typeof error !== 'object' || error === null || depth > 4) return undefined;
  const coded = error as Coded;
  if (typeof coded.code === 'string' && coded.code !== 'UND_ERR') return coded.code;
  return (
    codeOf(coded.cause, depth + 1) ?? (Array.isArray(coded.errors) ? codeOf(coded.errors[0], depth + 1) : undefined)
  );
}

/** Whether undici refused the URL's port before connecting: the Fetch standard's blocked ports,
 * which it reports with no code, only the message `bad port`. */
function isBlockedPort(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const coded = error as Coded;
  return coded.message === 'bad port' || isBlockedPort(coded.cause, depth + 1);
}

/** Why a URL on a port of the Fetch standard's blocked list is never reached. */
export const BLOCKED_PORT_REASON =
  'its port is one that web clients never connect to (a blocked port of the Fetch standard, such as 25, 6000 or 6667): serve it on another port';

export function describeNetworkFailure(error: unknown): string {
  if (isBlockedPort(error)) return BLOCKED_PORT_REASON;
  const code = codeOf(error);
  if (code === undefined) return 'the connection failed';
  if (code === 'ECONNREFUSED') return 'the server refused the connection (nothing listens on that port)';
  if (DNS.has(code)) return 'its host name could not be found (the DNS lookup failed)';
  if (UNREACHABLE.has(code)) return 'its host could not be reached on the network';
  if (TIMEOUT.has(code)) return 'it did not answer in time';
  if (CLOSED.has(code)) return 'the server closed the connection before answering';
  const tls = TLS_WORDS[code];
  if (tls) return `the secure (TLS) connection failed: ${tls}`;
  if (/^(ERR_SSL|ERR_TLS|CERT_|UNABLE_TO_)/.test(code)) return `the secure (TLS) connection failed (${code})`;
  return `the connection failed (${code})`;
}
