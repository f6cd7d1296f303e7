// Who a widget visitor is, so that a conversation is theirs alone. An anonymous visitor holds an
// id the server issued (random, signed with the agent's identity secret, so it can be neither
// guessed nor made up); a host site that signs its signed-in user's id with the same secret
// (HMAC-SHA256, hex) lets that user's conversation follow them across devices. The two kinds live
// in separate namespaces of the conversation's userId, apart from ids chosen through the API.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DomainDeps, RequestContext } from '../context.ts';
import { AppError } from '../errors.ts';
import type { Store } from '../../ports/store.ts';

/** The userIds of the widget's visitors; a chat through the API may not choose one (http/routes/chat.ts). */
export const WIDGET_VISITOR_PREFIX = 'widget-visitor:';
export const WIDGET_USER_PREFIX = 'widget-user:';

const VISITOR_BYTES = 16;
const USER_ID_MAX = 200;

export interface VisitorClaim {
  visitorId?: string;
  userId?: string;
  userHash?: string;
}

const mac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The agent's identity secret; a publishable key's agent always has one (made with the key). */
export async function identitySecret(
  deps: { store: Pick<Store, 'widgetSecrets'> },
  ctx: RequestContext,
  agentId: string,
): Promise<string> {
  const secret = await deps.store.widgetSecrets.get(ctx.accountId, agentId);
  if (!secret)
    throw new AppError('AUTH_REQUIRED', 'This agent has no widget identity secret: create a publishable key for it.');
  return secret;
}

/** A new anonymous visitor id: 128 random bits and their signature. */
export function issueVisitorId(deps: Pick<DomainDeps, 'ids'>, secret: string): string {
  const random = deps.ids.secret(VISITOR_BYTES);
  return `${random}.${mac(secret, `visitor:${random}`)}`;
}

/** The conversation userId the claim proves; else USER_HASH_INVALID (a user id) or AUTH_REQUIRED
 * (a visitor id): a claim that proves nothing reads and continues nobody's conversation. */
export function visitorConversationUser(secret: string, claim: VisitorClaim): string {
  if (claim.userId !== undefined) {
    // Its own code, so the widget can tell the integrator their signature is wrong.
    if (
      claim.userId.length === 0 ||
      claim.userId.length > USER_ID_MAX ||
      !claim.userHash ||
      !same(claim.userHash.toLowerCase(), mac(secret, claim.userId))
    ) {
      throw new AppError(
        'USER_HASH_INVALID',
        'The user id is not signed with this agent’s identity secret (X-Colloquy-User-Hash).',
      );
    }
    return `${WIDGET_USER_PREFIX}${claim.userId}`;
  }
  const [random, signature, extra] = (claim.visitorId ?? '').split('.');
  if (!random || !signature || extra !== undefined || !same(signature, mac(secret, `visitor:${random}`))) {
    throw new AppError('AUTH_REQUIRED', 'A visitor id issued by POST /widget/visitors is required.');
  }
  return `${WIDGET_VISITOR_PREFIX}${random}`;
}

/** How a host site signs its user's id (documented for operators; used by the tests). */
export function signUserId(secret: string, userId: string): string {
  return mac(secret, userId);
}
