// The admin API's answers for the account pages (overview, keys, members, webhooks), generated
// from /api/admin/v1/openapi.json (admin-schema.ts) and named here for the pages.
import type { Answer, RequestBody, Schemas } from './admin-schema.ts';

export type Overview = Omit<Answer<'/accounts/{accountId}/overview', 'get'>, 'success'>;
export type AgentList = Answer<'/accounts/{accountId}/agents', 'get'>;
export type ModelList = Answer<'/accounts/{accountId}/models', 'get'>;
export type AgentInput = RequestBody<'/accounts/{accountId}/agents/{agentId}', 'patch'>;
export type ToolList = Answer<'/accounts/{accountId}/agents/{agentId}/tools', 'get'>;

export type ApiKey = Schemas['Key'];
export type KeyStatus = ApiKey['status'];
/** `publishable`: a widget key (`cq_pub_…`) for one agent and the pages of its origins. */
export type KeyKind = ApiKey['kind'];
export type NewKeyInput = RequestBody<'/accounts/{accountId}/keys', 'post'>;
/** POST /keys's answer: the secret (and, for a publishable key, the agent's identity secret) once. */
export type CreatedKey = Answer<'/accounts/{accountId}/keys', 'post'>;
export type KeyList = Answer<'/accounts/{accountId}/keys', 'get'>;

export type Member = Schemas['Member'];
export type NewMemberInput = RequestBody<'/accounts/{accountId}/members', 'post'>;
export type MemberList = Answer<'/accounts/{accountId}/members', 'get'>;

export type WebhookEndpoint = Schemas['Endpoint'];
export type EndpointList = Answer<'/accounts/{accountId}/webhooks', 'get'>;
export type WebhookEndpointInput = RequestBody<'/accounts/{accountId}/webhooks/{endpointId}', 'patch'>;
export type WebhookDelivery = Schemas['Delivery'];
export type DeliveryAttempt = NonNullable<WebhookDelivery['log']>[number];
export type DeliveryList = Answer<'/accounts/{accountId}/webhooks/{endpointId}/deliveries', 'get'>;

/** A refusal of a publishable key by the widget's routes (admin API `/widget-refusals`). */
export type WidgetRefusal = Answer<'/accounts/{accountId}/widget-refusals', 'get'>['refusals'][number];
