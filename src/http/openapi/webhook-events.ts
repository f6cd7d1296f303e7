// The OpenAPI `webhooks` section: SPEC §6's events as the requests a receiver gets. The Record over
// EventType makes the compiler prove every known type is described.
import Type, { type TSchema } from 'typebox';
import type { EventType } from '../../domain/events/record-event.ts';
import { KNOWN_EVENT_TYPES } from '../../domain/webhooks/event-types.ts';

const AgentRef = Type.Object({ id: Type.String() }, { description: 'The agent.' });
const NamedAgent = Type.Object(
  { id: Type.String(), name: Type.String() },
  { description: 'The agent, with its name at the time of the event.' },
);

const ChatData = {
  agent: AgentRef,
  conversationId: Type.Union([Type.String(), Type.Null()]),
  userId: Type.Union([Type.String(), Type.Null()], { description: 'Set when the request sent `userId`.' }),
  apiKey: Type.String({ description: 'The name of the key that made the request (never the key).' }),
};

const SourceData = Type.Object({
  agent: NamedAgent,
  source: Type.String({
    description:
      'The text title, Q&A question, file name or website URL (a crawl sends one event with the submitted URL).',
  }),
});

const RunSummary = Type.Object(
  {
    id: Type.String({ description: 'The run (`run_…`): `GET /agents/{agentId}/test-runs/{id}` has its results.' }),
    trigger: Type.Union([Type.Literal('manual'), Type.Literal('knowledge-change')], {
      description: '`knowledge-change`: run by itself after the knowledge changed.',
    }),
    passRate: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()], {
      description: 'Passed over all questions; null when the agent had none.',
    }),
    passed: Type.Integer(),
    failed: Type.Integer(),
  },
  { description: 'The run.' },
);
const HandoffData = {
  agent: AgentRef,
  conversationId: Type.String(),
  userId: Type.Union([Type.String(), Type.Null()], {
    description: "The end user's id of a persistent conversation (the widget's visitor), else null.",
  }),
};

const EVENTS: Record<EventType, { summary: string; data: TSchema }> = {
  'chat.completed': {
    summary: 'An API-key chat request succeeded (console playground messages send none).',
    data: Type.Object({ ...ChatData, credits: Type.Number({ description: 'Credits charged.' }) }),
  },
  'chat.failed': {
    summary: 'An API-key chat request failed, once its agent was found.',
    data: Type.Object({
      ...ChatData,
      credits: Type.Number({ description: 'Always 0: failed requests are not charged.' }),
      error: Type.Optional(
        Type.Object({ code: Type.String({ description: 'Why it failed: an error code of the answer.' }) }),
      ),
    }),
  },
  'agent.created': { summary: 'An agent was created.', data: Type.Object({ agent: NamedAgent }) },
  'agent.updated': { summary: 'Name, model or instructions were saved.', data: Type.Object({ agent: NamedAgent }) },
  'agent.deleted': {
    summary: 'An agent was deleted; its knowledge and conversations are already gone.',
    data: Type.Object({ agent: NamedAgent }),
  },
  'source.added': { summary: 'Knowledge was added.', data: SourceData },
  'source.deleted': { summary: 'Knowledge was removed.', data: SourceData },
  'credits.low': {
    summary:
      'Remaining credits fell below 20 % of the last top-up or monthly allowance (sent again only after a refill).',
    data: Type.Object({
      credits: Type.Number({ description: 'Credits remaining.' }),
      threshold: Type.Number({ description: '20 % of the last refill.' }),
    }),
  },
  'evaluation.completed': {
    summary: "A run of an agent's test questions finished (on demand or after a knowledge change).",
    data: Type.Object({ agent: NamedAgent, run: RunSummary }),
  },
  'evaluation.regressed': {
    summary: 'A run passed fewer test questions than the run before; sent after its `evaluation.completed`.',
    data: Type.Object({
      agent: NamedAgent,
      run: RunSummary,
      previousRun: Type.Object(
        { id: Type.String(), passed: Type.Integer(), failed: Type.Integer() },
        { description: 'The run it is compared with.' },
      ),
      questions: Type.Array(
        Type.Object({
          questionId: Type.String(),
          question: Type.String(),
          rank: Type.Union([Type.Integer(), Type.Null()], {
            description: 'Where an expected source ranked now, or null.',
          }),
          score: Type.Union([Type.Number(), Type.Null()]),
        }),
        { description: 'The questions that passed in the run before and fail now.' },
      ),
    }),
  },
  'handoff.requested': {
    summary: 'A conversation moved to people: its next messages wait for a person (docs/handoff.md).',
    data: Type.Object({
      ...HandoffData,
      reason: Type.Union([Type.String(), Type.Null()], { description: 'Why, when the request said so.' }),
      requestedBy: Type.Union(
        [Type.Literal('api'), Type.Literal('visitor'), Type.Literal('console'), Type.Literal('agent')],
        {
          description:
            "`api`: POST …/handoff; `visitor`: the widget's menu or the visitor's own words; `console`: a member; `agent`: the model's tool.",
        },
      ),
      apiKey: Type.Union([Type.String(), Type.Null()], {
        description: 'The name of the key that made the request (never the key); null from the console.',
      }),
    }),
  },
  'handoff.message': {
    summary:
      'The visitor wrote while the conversation is with people (stored, not answered by the model): a team can bridge it to its own chat tool.',
    data: Type.Object({
      ...HandoffData,
      messageId: Type.String(),
      content: Type.String({ description: "The visitor's message." }),
    }),
  },
  'handoff.resolved': {
    summary:
      'A conversation went back to the agent: the model answers its next message, with the whole conversation as history.',
    data: Type.Object({
      ...HandoffData,
      resolvedBy: Type.Union([Type.Literal('api'), Type.Literal('console')]),
      apiKey: Type.Union([Type.String(), Type.Null()], {
        description: 'The name of the key that resolved it; null from the console.',
      }),
    }),
  },
  ping: {
    summary: 'A test sent from the console; sent whatever the endpoint subscribed to.',
    data: Type.Object({ message: Type.String({ description: 'A fixed test text.' }) }),
  },
};

const SIGNATURE_HEADERS = [
  ['webhook-id', 'The event id: the same on every retry, so a receiver can drop duplicates.'],
  ['webhook-timestamp', 'When this attempt was sent, in seconds since the Unix epoch.'],
  [
    'webhook-signature',
    "`v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` under the endpoint's secret (Standard Webhooks).",
  ],
] as const;

const plain = (schema: TSchema): Record<string, unknown> =>
  JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;

/** One event type as the POST a receiver gets. */
function webhookOperation(type: EventType) {
  const event = EVENTS[type];
  const envelope = Type.Object({
    id: Type.String({ description: 'The event id (`evt_…`), also the `webhook-id` header.' }),
    type: Type.Literal(type),
    created: Type.String({ format: 'date-time' }),
    data: event.data,
  });
  return {
    post: {
      operationId: `on${type
        .split('.')
        .map((word) => word[0]!.toUpperCase() + word.slice(1))
        .join('')}`,
      summary: `\`${type}\` event`,
      description: `${event.summary} Receivers ignore event types they do not know: new ones are added over time.`,
      tags: ['Webhook events'],
      parameters: SIGNATURE_HEADERS.map(([name, description]) => ({
        in: 'header',
        name,
        required: true,
        description,
        schema: { type: 'string' },
      })),
      requestBody: { required: true, content: { 'application/json': { schema: plain(envelope) } } },
      responses: {
        '2XX': { description: 'Delivered.' },
        '410': { description: 'Gone: the endpoint is disabled and receives nothing more.' },
        default: { description: 'Any other answer, or none in time: the delivery is retried later.' },
      },
      security: [],
    },
  };
}

/** `webhooks` of an OpenAPI 3.1 document: every event type this version sends. */
export function webhooksSection(): Record<string, ReturnType<typeof webhookOperation>> {
  return Object.fromEntries(KNOWN_EVENT_TYPES.map((type) => [type, webhookOperation(type)]));
}
