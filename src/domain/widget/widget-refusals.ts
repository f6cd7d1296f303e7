// What the widget's routes refused, per publishable key, so the site owner can see why the widget
// does not work on a site: a page origin the key does not list, or a user id whose signature
// (`data-user-hash`) does not match. Recorded where the refusal happens; the console lists them.
import type { DomainDeps, RequestContext } from '../context.ts';
import type { ApiKeyRecord } from '../../ports/api-key-store.ts';
import type { WidgetRefusalReason, WidgetRefusalRecord } from '../../ports/widget-store.ts';
import { hashKey } from '../keys/key-secret.ts';
import { isKeyExpired } from '../keys/key-status.ts';
import type { Store } from '../../ports/store.ts';

/** Refusals kept per key (one per reason and origin, the latest ones). */
export const REFUSALS_KEPT_PER_KEY = 20;
/** An origin is scheme://host:port; anything longer is cut, so a made-up header cannot bloat a row. */
const ORIGIN_MAX = 300;
const LISTED_MAX = 500;

/** The working publishable key a page names (the widget puts it in the URL so that a CORS
 * preflight, which carries no Authorization header, can be judged), or undefined. */
export async function findPublishableKey(
  deps: Pick<DomainDeps, 'clock'> & { store: Pick<Store, 'keys'> },
  presented: string,
): Promise<ApiKeyRecord | undefined> {
  const found = await deps.store.keys.findByHash(hashKey(presented));
  if (
    !found ||
    found.key.kind !== 'publishable' ||
    found.key.revokedAt !== null ||
    isKeyExpired(found.key, deps.clock.now())
  )
    return undefined;
  return found.key;
}

export function listsOrigin(key: ApiKeyRecord, origin: string | undefined): origin is string {
  return origin !== undefined && (key.allowedOrigins ?? []).includes(origin);
}

/** Counts a refusal of the key from a page of `origin` (undefined: the browser sent none). */
export async function recordWidgetRefusal(
  deps: Pick<DomainDeps, 'clock'> & { store: Pick<Store, 'widgetRefusals'> },
  key: ApiKeyRecord,
  reason: WidgetRefusalReason,
  origin: string | undefined,
): Promise<void> {
  await deps.store.widgetRefusals.record(
    key.accountId,
    key.id,
    { reason, origin: (origin ?? '').slice(0, ORIGIN_MAX) },
    deps.clock.now(),
    REFUSALS_KEPT_PER_KEY,
  );
}

/** The account's recent refusals, latest first. */
export async function listWidgetRefusals(
  deps: { store: Pick<Store, 'widgetRefusals'> },
  ctx: RequestContext,
): Promise<WidgetRefusalRecord[]> {
  return deps.store.widgetRefusals.list(ctx.accountId, LISTED_MAX);
}
