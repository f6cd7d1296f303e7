import type { Ids } from '../../ports/ids.ts';

/** Standard Webhooks secrets: `whsec_` and standard base64 of 32 random bytes (receivers'
 * libraries decode base64, not base64url). */
export function newWebhookSecret(ids: Ids): string {
  return `whsec_${Buffer.from(ids.secret(32), 'base64url').toString('base64')}`;
}
