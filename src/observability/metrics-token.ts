import { timingSafeEqual } from 'node:crypto';

/** Whether a request may read /metrics: any, when no token is configured; else `Bearer <token>`. */
export function hasMetricsToken(token: string | null, authorization: string | undefined): boolean {
  if (token === null) return true;
  const expected = Buffer.from(`Bearer ${token}`);
  const given = Buffer.from(authorization ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
