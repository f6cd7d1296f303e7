import type { DomainDeps } from '../context.ts';
import type { MemberRole } from '../../ports/member-store.ts';
import type { PlanName } from '../../ports/account-store.ts';
import type { ConsoleMembership } from '../users/account-access.ts';
import { toCredits } from '../credits/units.ts';
import { keyStatus } from '../keys/key-status.ts';
import { invalidBody } from '../errors.ts';
import { toBalanceView, type BalanceView } from './balance-view.ts';
import { DAY_MS, USAGE_DEFAULT_DAYS, USAGE_MAX_DAYS } from './get-usage.ts';
import type { Store } from '../../ports/store.ts';

export const OVERVIEW_DEFAULT_DAYS = USAGE_DEFAULT_DAYS;
export const OVERVIEW_MAX_DAYS = USAGE_MAX_DAYS;
const TOP_AGENTS = 5;

export interface AccountOverview {
  account: { id: string; name: string; plan: PlanName; role: MemberRole; createdAt: string };
  balance: BalanceView;
  limits: { requestsPerMinute: number; storageLimit: number; crawlPageLimit: number };
  period: { from: string; to: string };
  credits: { total: number; byDay: Array<{ date: string; credits: number }> };
  requests: { total: number; byDay: Array<{ date: string; count: number }> };
  topAgents: Array<{ agentId: string; name: string | null; credits: number; requests: number }>;
  counts: { agents: number; keys: number; members: number };
}

const dateOf = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** One value per day from `firstDay` for `days` days, 0 where `rows` has none: a chart's axis has no gaps. */
function everyDay(
  firstDay: number,
  days: number,
  rows: ReadonlyArray<{ day: number; value: number }>,
): Array<{ date: string; value: number }> {
  const byDay = new Map(rows.map((row) => [row.day, row.value]));
  return Array.from({ length: days }, (_, i) => ({ date: dateOf(firstDay + i), value: byDay.get(firstDay + i) ?? 0 }));
}

/**
 * The console's home screen: the account, the signed-in person's role in it, balance and plan
 * limits, and over the last `days` UTC days (today included, so far) credits used (charges less
 * refunds) and charged requests (chat and search; a refunded one still counts) by day, the agents
 * that used the most, and how many agents, active keys and members there are.
 */
export async function getOverview(
  deps: Pick<DomainDeps, 'clock' | 'catalog'> & { store: Pick<Store, 'agents' | 'credits' | 'keys' | 'members'> },
  membership: ConsoleMembership,
  days: number = OVERVIEW_DEFAULT_DAYS,
): Promise<AccountOverview> {
  if (!Number.isInteger(days) || days < 1 || days > OVERVIEW_MAX_DAYS)
    throw invalidBody({ days: [`must be a whole number from 1 to ${OVERVIEW_MAX_DAYS}`] });
  const { account, member } = membership;
  const now = deps.clock.now();
  const firstDay = Math.floor(now / DAY_MS) - (days - 1);
  const from = firstDay * DAY_MS;
  const [used, charged, agents, keys, members] = await Promise.all([
    deps.store.credits.usage(account.id, from, now + 1),
    deps.store.credits.chargeCounts(account.id, from, now + 1),
    deps.store.agents.list(account.id, { page: 1, size: 10_000 }),
    deps.store.keys.list(account.id),
    deps.store.members.list(account.id),
  ]);

  const agentNames = new Map(agents.items.map((agent) => [agent.id, agent.name]));
  const requestsByAgent = new Map(charged.byAgent.map((row) => [row.agentId, row.count]));
  const creditsByAgent = new Map(used.byAgent.map((row) => [row.agentId, row.credits]));
  const topAgents = [...new Set([...creditsByAgent.keys(), ...requestsByAgent.keys()])]
    .map((agentId) => ({
      agentId,
      name: agentNames.get(agentId) ?? null,
      credits: creditsByAgent.get(agentId) ?? 0,
      requests: requestsByAgent.get(agentId) ?? 0,
    }))
    .sort((a, b) => b.credits - a.credits || b.requests - a.requests || a.agentId.localeCompare(b.agentId))
    .slice(0, TOP_AGENTS)
    .map((row) => ({ ...row, credits: toCredits(row.credits) }));
  const plan = deps.catalog.plans[account.plan];

  return {
    account: {
      id: account.id,
      name: account.name,
      plan: account.plan,
      role: member.role,
      createdAt: new Date(account.createdAt).toISOString(),
    },
    balance: toBalanceView(account),
    limits: {
      requestsPerMinute: plan.requestsPerMinute,
      storageLimit: plan.storageLimit,
      crawlPageLimit: plan.crawlPageLimit,
    },
    period: { from: new Date(from).toISOString(), to: new Date(now).toISOString() },
    credits: {
      total: toCredits(used.total),
      byDay: everyDay(
        firstDay,
        days,
        used.byDay.map((row) => ({ day: row.day, value: row.credits })),
      ).map(({ date, value }) => ({ date, credits: toCredits(value) })),
    },
    requests: {
      total: charged.total,
      byDay: everyDay(
        firstDay,
        days,
        charged.byDay.map((row) => ({ day: row.day, value: row.count })),
      ).map(({ date, value }) => ({ date, count: value })),
    },
    topAgents,
    counts: {
      agents: agents.total,
      keys: keys.filter((key) => keyStatus(key, now) === 'active').length,
      members: members.length,
    },
  };
}
