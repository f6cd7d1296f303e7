import Type from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { followConversation, type FollowEvent } from '../../domain/handoff/follow-conversation.ts';
import { toPublicHandoffConversation } from '../../domain/handoff/handoff-view.ts';
import { toPublicMessage } from '../../domain/chat/message-view.ts';
import { abortOnClientClose } from '../abort-on-close.ts';
import { createSseWriter } from '../sse.ts';
import { REAUTHENTICATE_MS, watchAuthentication } from '../stream-authentication.ts';
import { AUTHENTICATED_ERRORS, ConversationParamsSchema, ErrorSchema, SECURITY } from '../schemas.ts';
import { requireContext, type ApiApp, type HttpDeps } from '../types.ts';

/** A comment this often keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000;

const REAUTHENTICATE_S = REAUTHENTICATE_MS / 1000;

export const FOLLOW_FRAMES = `\`text/event-stream\`, each frame one \`data: {json}\` line and a blank line:
1. \`{"success":true,"conversation":{…}}\`: the conversation with its \`state\` (\`agent\` or \`people\`);
2. \`{"message":{…}}\` for each message as it is stored, oldest first: the visitor's, the agent's and a person's replies (\`author\`);
3. \`{"conversation":{…}}\` when the conversation moves between the agent and people;
4. a comment line (\`:\`) every 15 s while nothing happens.

The stream stays open until the client closes it; it ends with the empty \`data:\` end marker when the conversation is deleted or the server shuts down (reconnect with \`after\` set to the last message id you got).

The key (or console session) that opened the stream is checked again every ${REAUTHENTICATE_S} s, as a new request would be: once it no longer works (revoked, expired, signed out), the stream ends within those ${REAUTHENTICATE_S} s with a final \`{"success":false,"error":{"code","message"}}\` frame carrying the error a new request would get (\`AUTH_REQUIRED\`, \`KEY_EXPIRED\`), then the end marker. Reconnecting with the same key is then refused.`;

/** One open follow stream: `signal` ends its events; `lapse` is set when it ended because the key
 * or session that opened it stopped authenticating. */
export interface FollowStream {
  controller: AbortController;
  signal: AbortSignal;
  lapse?: unknown;
}

/** The events of a conversation as SSE frames, until the client leaves, the server closes or the
 * stream's credentials lapse (a final error frame then). */
export async function streamFollow(
  reply: FastifyReply,
  events: AsyncGenerator<FollowEvent>,
  follow: FollowStream,
): Promise<FastifyReply> {
  // Errors before the stream starts (404s, a restricted key) are ordinary JSON errors.
  const first = await events.next();
  const stream = createSseWriter(reply);
  const send = (event: FollowEvent) => {
    if (event.type === 'start')
      stream.send({ success: true, conversation: toPublicHandoffConversation(event.conversation) });
    else if (event.type === 'message') stream.send({ message: toPublicMessage(event.message) });
    else stream.send({ conversation: toPublicHandoffConversation(event.conversation) });
  };
  if (!first.done) send(first.value);
  const keepAlive = setInterval(() => stream.keepAlive(), KEEP_ALIVE_MS);
  try {
    for await (const event of events) send(event);
  } catch (error) {
    if (!follow.controller.signal.aborted) stream.fail(error);
  } finally {
    clearInterval(keepAlive);
  }
  if (follow.lapse !== undefined) stream.fail(follow.lapse);
  stream.end();
  return reply;
}

/** Every open follow stream of this app, ended when the app begins to close (they never end alone)
 * or when the key or session that opened one stops authenticating. */
export function followStreams(app: ApiApp) {
  const open = new Set<AbortController>();
  app.addHook('preClose', async () => {
    for (const controller of open) controller.abort();
  });
  return (request: FastifyRequest, reply: FastifyReply): FollowStream => {
    const controller = new AbortController();
    const follow: FollowStream = {
      controller,
      signal: AbortSignal.any([abortOnClientClose(reply), controller.signal]),
    };
    open.add(controller);
    const stop = watchAuthentication(request, (refusal) => {
      reply.log.info({ code: (refusal as { code?: string }).code }, 'follow stream ended: its credentials lapsed');
      follow.lapse = refusal;
      controller.abort();
    });
    reply.raw.once('close', () => {
      open.delete(controller);
      stop();
    });
    return follow;
  };
}

/** GET /agents/{agentId}/conversations/{conversationRef}/stream: follow a conversation live. */
export function registerFollowConversation(app: ApiApp, deps: HttpDeps): void {
  const track = followStreams(app);
  app.get(
    '/agents/:agentId/conversations/:conversationRef/stream',
    {
      // A stream has no end for HEAD to wait for: HEAD is 405, not a request that never answers.
      exposeHeadRoute: false,
      // Only ever an event stream: documented as such, never serialised by a schema.
      config: {
        openapi: {
          // `after` naming no message of the conversation.
          errors: ['MESSAGE_NOT_FOUND'],
          answers: {
            200: {
              description: 'The conversation as it happens (frames described above).',
              content: { 'text/event-stream': { schema: { type: 'string', description: FOLLOW_FRAMES } } },
            },
          },
        },
      },
      schema: {
        tags: ['Handoff'],
        operationId: 'followConversation',
        summary: 'Follow a conversation as it happens',
        description: `Holds a Server-Sent Events stream open and sends each message of the conversation as it is stored (a person's replies while it is with people, the visitor's messages, the agent's answers), and its moves between the agent and people, on whichever node they happen.\n\n${FOLLOW_FRAMES}`,
        security: SECURITY,
        params: ConversationParamsSchema,
        querystring: Type.Object(
          {
            after: Type.Optional(
              Type.String({
                minLength: 1,
                maxLength: 200,
                description:
                  "Send the messages stored after this one first (a reconnecting client's last message id); by default only new ones.",
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: { 400: ErrorSchema, 404: ErrorSchema, ...AUTHENTICATED_ERRORS },
      },
    },
    async (request, reply) => {
      const { agentId, conversationRef } = request.params;
      const follow = track(request, reply);
      const events = followConversation(deps.domain, requireContext(request), agentId, conversationRef, {
        afterMessageId: request.query.after,
        signal: follow.signal,
      });
      return streamFollow(reply, events, follow);
    },
  );
}
