// Request bodies are read as sent: no content coding is decoded. A body that says it is compressed
// is refused rather than read as if it were not (plain JSON labelled gzip would pass, real gzip
// would be called broken JSON, a compressed upload an unreadable file).
import { AppError } from '../domain/errors.ts';
import type { ApiApp } from './types.ts';

/** The Content-Encoding of a request's body, or null when it has no body or no coding. */
function contentCoding(headers: Record<string, string | string[] | undefined>): string | null {
  const header = headers['content-encoding'];
  const coding = (Array.isArray(header) ? header.join(', ') : (header ?? '')).trim().toLowerCase();
  if (coding === '' || coding === 'identity') return null;
  const hasBody = headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;
  return hasBody ? coding : null;
}

/** preParsing, so after authentication: a bad body is told only to a caller with a working key. */
export function refuseContentCodings(app: ApiApp): void {
  app.addHook('preParsing', (request, _reply, payload, done) => {
    const coding = contentCoding(request.headers);
    if (coding === null) return done(null, payload);
    done(
      new AppError('INVALID_BODY', `Content-Encoding ${coding} is not supported: send the body uncompressed.`, {
        list: { body: ['must not be compressed'] },
      }),
    );
  });
}
