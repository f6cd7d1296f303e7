import Type from 'typebox';
import { getOverview, OVERVIEW_DEFAULT_DAYS, OVERVIEW_MAX_DAYS } from '../../../domain/usage/get-overview.ts';
import { ErrorSchema } from '../../schemas.ts';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import { ADMIN_SECURITY, AccountParamsSchema, MemberSchema, SESSION_ERRORS } from '../admin-schemas.ts';
import { accountMembership } from './account-context.ts';

const Credits = Type.Number({ description: 'Credits.' });
const Day = Type.String({ format: 'date', description: 'A UTC day, YYYY-MM-DD.' });

const OverviewSchema = Type.Object({
  success: Type.Literal(true),
  account: Type.Object({
    id: Type.String(),
    name: Type.String(),
    plan: Type.String(),
    role: MemberSchema.properties.role,
    createdAt: Type.String({ format: 'date-time' }),
  }),
  balance: Type.Object({
    credits: Credits,
    lastRefill: Type.Union([Type.Object({ credits: Credits, at: Type.String({ format: 'date-time' }) }), Type.Null()], {
      description: 'The last top-up or monthly allowance renewal, as in GET /usage.',
    }),
  }),
  limits: Type.Object({
    requestsPerMinute: Type.Integer(),
    storageLimit: Type.Integer({ description: 'Per agent: characters of text plus bytes of files.' }),
    crawlPageLimit: Type.Integer({ description: 'Website pages per agent.' }),
  }),
  period: Type.Object({
    from: Type.String({ format: 'date-time', description: 'Midnight UTC, `days` − 1 days before today.' }),
    to: Type.String({ format: 'date-time', description: 'Now.' }),
  }),
  credits: Type.Object(
    {
      total: Credits,
      byDay: Type.Array(Type.Object({ date: Day, credits: Credits }), {
        description: 'Every day of the period, oldest first; 0 on days without use.',
      }),
    },
    { description: 'Credits used: charges less refunds.' },
  ),
  requests: Type.Object(
    {
      total: Type.Integer(),
      byDay: Type.Array(Type.Object({ date: Day, count: Type.Integer() }), {
        description: 'Every day of the period, oldest first.',
      }),
    },
    { description: 'Charged requests (chat and search, from keys and the console); one later refunded still counts.' },
  ),
  topAgents: Type.Array(
    Type.Object({
      agentId: Type.String(),
      name: Type.Union([Type.String(), Type.Null()], { description: 'null once the agent is deleted.' }),
      credits: Credits,
      requests: Type.Integer(),
    }),
    {
      maxItems: 5,
      description: 'The agents that used the most credits in the period (then the most requests), at most 5.',
    },
  ),
  counts: Type.Object({
    agents: Type.Integer(),
    keys: Type.Integer({ description: 'Active keys: neither revoked nor expired.' }),
    members: Type.Integer(),
  }),
});

/** GET /accounts/{accountId}/overview: the console's home screen in one request. */
export function registerGetOverview(app: ApiApp, deps: AdminDeps): void {
  app.get(
    '/accounts/:accountId/overview',
    {
      schema: {
        tags: ['Accounts'],
        operationId: 'getOverview',
        summary: 'Account overview',
        description: `The account with the signed-in person's role, balance, plan limits, and over the last \`days\` UTC days (today included; default ${OVERVIEW_DEFAULT_DAYS}, at most ${OVERVIEW_MAX_DAYS}) credits used and charged requests per day, the top agents, and counts.`,
        security: ADMIN_SECURITY,
        params: AccountParamsSchema,
        querystring: Type.Object(
          { days: Type.Integer({ minimum: 1, maximum: OVERVIEW_MAX_DAYS, default: OVERVIEW_DEFAULT_DAYS }) },
          { additionalProperties: false },
        ),
        response: { 200: OverviewSchema, 400: ErrorSchema, ...SESSION_ERRORS },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await getOverview(deps.domain, accountMembership(request), request.query.days)),
    }),
  );
}
