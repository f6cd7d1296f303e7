import Type from 'typebox';
import { getUsage, USAGE_DEFAULT_DAYS, USAGE_MAX_DAYS } from '../../domain/usage/get-usage.ts';
import { AUTHENTICATED_ERRORS, ErrorSchema, SECURITY } from '../schemas.ts';
import { requireContext, type ApiApp, type HttpDeps } from '../types.ts';

const Credits = Type.Number({ description: 'Credits.' });

/** GET /usage: balance, last refill, and credits used by day, agent and key over [from, to). */
export function registerGetUsage(app: ApiApp, deps: HttpDeps): void {
  app.get(
    '/usage',
    {
      schema: {
        tags: ['Models and usage'],
        operationId: 'getUsage',
        summary: 'Credit balance and usage',
        description: `\`from\` and \`to\` are dates (YYYY-MM-DD, whole UTC days, \`to\` inclusive) or ISO 8601 date-times with their zone (RFC 3339: \`Z\` or \`+hh:mm\`; a bound finer than the millisecond is rounded up to the next one). Defaults: the last ${USAGE_DEFAULT_DAYS} days. At most ${USAGE_MAX_DAYS} days; \`from\` must come before \`to\`; both within the years 0000 to 9999 that \`period\`'s RFC 3339 date-times can show (\`to\` ends by 9999-12-31T23:59:59.999Z, so 9999-12-30 is the last inclusive date); otherwise 400 INVALID_BODY with \`error.list\`. Used credits are charges less refunds. The monthly allowance renews on each monthly anniversary of the account's creation (UTC; the 29th–31st fall on a shorter month's last day): the balance is raised to the plan's allowance if below it, and credits above it (top-ups) are kept. A renewal is a refill of the whole allowance, even when it adds less or nothing.`,
        security: SECURITY,
        querystring: Type.Object({
          from: Type.Optional(Type.String({ maxLength: 40 })),
          to: Type.Optional(Type.String({ maxLength: 40 })),
        }),
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            balance: Type.Object({
              credits: Credits,
              lastRefill: Type.Union(
                [Type.Object({ credits: Credits, at: Type.String({ format: 'date-time' }) }), Type.Null()],
                {
                  description:
                    "The last top-up or monthly allowance renewal; null if none. For a renewal, `credits` is the plan's whole allowance (not what it added); `credits.low` fires below 20 % of it.",
                },
              ),
            }),
            period: Type.Object({
              from: Type.String({ format: 'date-time' }),
              to: Type.String({ format: 'date-time' }),
            }),
            used: Type.Object({
              total: Credits,
              byDay: Type.Array(Type.Object({ date: Type.String({ format: 'date' }), credits: Credits })),
              byAgent: Type.Array(
                Type.Object({
                  agentId: Type.String(),
                  name: Type.Union([Type.String(), Type.Null()], { description: 'null once the agent is deleted.' }),
                  credits: Credits,
                }),
              ),
              byKey: Type.Array(
                Type.Object({ keyId: Type.String(), name: Type.Union([Type.String(), Type.Null()]), credits: Credits }),
              ),
            }),
          }),
          400: ErrorSchema,
          ...AUTHENTICATED_ERRORS,
        },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await getUsage(deps.domain, requireContext(request), request.query)),
    }),
  );
}
