import { readFileSync } from 'node:fs';
import type { DomainDeps } from '../domain/context.ts';
import { AppError, invalidBody } from '../domain/errors.ts';
import { createAccount } from '../domain/accounts/create-account.ts';
import { addMember } from '../domain/accounts/add-member.ts';
import { toPublicAgentWithStorage } from '../domain/agents/agent-view.ts';
import { createKey } from '../domain/keys/create-key.ts';
import { addCredits } from '../domain/credits/add-credits.ts';
import { toCredits } from '../domain/credits/units.ts';
import { renewDueAllowances } from '../domain/credits/renew-allowances.ts';
import type { AccountRecord } from '../ports/account-store.ts';
import type { AgentRecord, ClientTool } from '../ports/agent-store.ts';
import type { HandoffHours } from '../ports/handoff-hours.ts';
import { UsageError } from './cli-error.ts';
import { WEBHOOK_COMMANDS } from './webhook-commands.ts';
import { KEY_COMMANDS } from './key-commands.ts';
import { USER_COMMANDS } from './user-commands.ts';
import { SITE_COMMANDS } from './site-commands.ts';
import { TEST_QUESTION_COMMANDS } from './test-question-commands.ts';
import { accountContext, optionalNumber, parsePlan, required, type Options } from './operator.ts';

export interface Command {
  /** The option names it takes (all strings). */
  options: string[];
  /** Those of them that must be given: checked before the command runs, written without brackets. */
  required?: string[];
  /** An update: at least one of its options must be given. */
  needsAnOption?: boolean;
  /** Whether it takes one positional id. */
  takesId?: boolean;
  /** That id's name in the synopsis, as docs/cli.md writes it (`ID` unless said). */
  idName?: string;
  /** It may start a new install: on SQLite it makes the database when there is none yet. Every other
   * command refuses a DATA_DIR with no database (main.ts) rather than make an empty one there. */
  createsDatabase?: boolean;
  run(deps: DomainDeps, options: Options, id: string | undefined): Promise<unknown>;
}

const accountView = (account: AccountRecord) => ({
  id: account.id,
  name: account.name,
  plan: account.plan,
  credits: toCredits(account.creditBalance),
  createdAt: new Date(account.createdAt).toISOString(),
});

/** The API's agent object (GET /agents/{id}, `handoff` included as it shows it), with the operator's fields. */
async function agentView(deps: DomainDeps, agent: AgentRecord) {
  const ctx = await accountContext(deps, agent.accountId);
  return {
    ...toPublicAgentWithStorage(agent, deps.catalog, ctx.plan),
    accountId: agent.accountId,
    tools: agent.tools,
    helpMessage: agent.helpMessage ?? null,
  };
}

/** `--handoff on|off`: whether a visitor asking for a person hands the conversation over. */
function readSwitch(name: string, value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === 'on' || value === 'off') return value === 'on';
  throw new UsageError(`--${name} must be on or off`);
}

function readTools(path: string | undefined): ClientTool[] | undefined {
  if (path === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UsageError(`--tools: cannot read ${path} as JSON: ${(error as Error).message}`);
  }
  return parsed as ClientTool[];
}

/** `--hours FILE` (JSON `{timeZone, weekly: [{days, from, to}]}`) or `--hours none`. */
function readHours(path: string | undefined): HandoffHours | null | undefined {
  if (path === undefined) return undefined;
  if (path === 'none') return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as HandoffHours;
  } catch (error) {
    throw new UsageError(`--hours: cannot read ${path} as JSON: ${(error as Error).message}`);
  }
}

// The agent modules load with an agents command (or quickstart), not with every command: checking
// tools, they bring ajv (some 60 ms of CPU).
const agentModules = async () => {
  const [fields, create, update, remove] = await Promise.all([
    import('../domain/agents/agent-fields.ts'),
    import('../domain/agents/create-agent.ts'),
    import('../domain/agents/update-agent.ts'),
    import('../domain/agents/delete-agent.ts'),
  ]);
  return { ...fields, ...create, ...update, ...remove };
};

/** `--help-message T`, or `default` for the default text: the API's null, which the CLI cannot pass,
 * so its hint names `default`. */
async function readHelpMessage(text: string | undefined): Promise<string | null | undefined> {
  if (text === undefined) return undefined;
  if (text === 'default') return null;
  const { AGENT_HELP_MESSAGE_MAX, isHelpMessageAllowed } = await agentModules();
  if (!isHelpMessageAllowed(text))
    throw invalidBody({
      helpMessage: [`must be 1 to ${AGENT_HELP_MESSAGE_MAX} characters, or default for the default text`],
    });
  return text;
}

async function ownerOf(lookup: (id: string) => Promise<string | undefined>, id: string, what: string): Promise<string> {
  const accountId = await lookup(id);
  if (!accountId) throw new AppError('NOT_FOUND', `No ${what} ${id}.`);
  return accountId;
}

export const COMMANDS: Record<string, Command> = {
  'accounts create': {
    options: ['name', 'plan', 'credits'],
    required: ['name'],
    createsDatabase: true,
    run: async (deps, o) =>
      accountView(
        await createAccount(deps, {
          name: required(o, 'name'),
          plan: parsePlan(o.plan),
          credits: optionalNumber(o, 'credits'),
        }),
      ),
  },
  'accounts show': {
    options: [],
    takesId: true,
    run: async (deps, _o, id) => {
      const account = await deps.store.accounts.get(id as string);
      if (!account) throw new AppError('NOT_FOUND', `No account ${id}.`);
      const members = await deps.store.members.list(account.id);
      const nextAllowanceAt = account.nextAllowanceAt === null ? null : new Date(account.nextAllowanceAt).toISOString();
      return {
        ...accountView(account),
        nextAllowanceAt,
        members: members.map((m) => ({ id: m.id, email: m.email, role: m.role })),
      };
    },
  },
  'agents create': {
    options: ['account', 'name', 'model', 'instructions', 'handoff'],
    required: ['account', 'name'],
    run: async (deps, o) => {
      const { createAgent } = await agentModules();
      const ctx = await accountContext(deps, required(o, 'account'));
      const agent = await createAgent(deps, ctx, {
        name: required(o, 'name'),
        model: o.model,
        instructions: o.instructions,
        handoffEnabled: readSwitch('handoff', o.handoff),
      });
      return agentView(deps, agent);
    },
  },
  'agents update': {
    options: ['name', 'model', 'instructions', 'tools', 'handoff', 'hours', 'help-message'],
    needsAnOption: true,
    takesId: true,
    run: async (deps, o, id) => {
      const { updateAgent } = await agentModules();
      const ctx = await accountContext(deps, await ownerOf(deps.store.agents.ownerOf, id as string, 'agent'));
      const agent = await updateAgent(deps, ctx, id as string, {
        name: o.name,
        model: o.model,
        instructions: o.instructions,
        tools: readTools(o.tools),
        handoffEnabled: readSwitch('handoff', o.handoff),
        handoffHours: readHours(o.hours),
        helpMessage: await readHelpMessage(o['help-message']),
      });
      return agentView(deps, agent);
    },
  },
  'agents delete': {
    options: [],
    takesId: true,
    run: async (deps, _o, id) => {
      const { deleteAgent } = await agentModules();
      const ctx = await accountContext(deps, await ownerOf(deps.store.agents.ownerOf, id as string, 'agent'));
      const agent = await deleteAgent(deps, ctx, id as string);
      return { id: agent.id, deleted: true };
    },
  },
  'agents reembed': {
    options: [],
    takesId: true,
    run: async (deps, _o, id) => {
      const ctx = await accountContext(deps, await ownerOf(deps.store.agents.ownerOf, id as string, 'agent'));
      // The indexing modules load for this command only: every other command starts without them.
      const { reembedAgent } = await import('../domain/knowledge/reembed-agent.ts');
      const result = await reembedAgent(deps, ctx, id as string, (done) =>
        process.stderr.write(`re-embedded ${done} passages\n`),
      );
      return { id, ...result };
    },
  },
  'credits add': {
    options: ['account', 'amount'],
    required: ['account', 'amount'],
    run: async (deps, o) => {
      const amount = optionalNumber(o, 'amount');
      if (amount === undefined) throw new UsageError('--amount is required');
      const entry = await addCredits(deps, required(o, 'account'), amount);
      return {
        accountId: entry.accountId,
        added: toCredits(entry.amount),
        balance: toCredits(entry.balanceAfter),
        entryId: entry.id,
      };
    },
  },
  'credits renew-due': {
    options: [],
    run: async (deps) => {
      const round = await renewDueAllowances(deps);
      if (round.failed.length > 0) {
        const which = round.failed
          .map((f) => `${f.accountId} (${f.error instanceof Error ? f.error.message : String(f.error)})`)
          .join(', ');
        throw new Error(`renewed ${round.renewed}; could not renew ${which}`);
      }
      return { renewed: round.renewed };
    },
  },
  'members add': {
    options: ['account', 'email', 'role'],
    required: ['account', 'email'],
    run: async (deps, o) => {
      const role = o.role ?? 'teammate';
      if (role !== 'owner' && role !== 'teammate' && role !== 'viewer')
        throw new UsageError('--role must be owner, teammate or viewer');
      const member = await addMember(deps, required(o, 'account'), required(o, 'email'), role);
      return {
        id: member.id,
        accountId: member.accountId,
        email: member.email,
        role: member.role,
        createdAt: new Date(member.createdAt).toISOString(),
      };
    },
  },
  quickstart: {
    options: ['name', 'plan'],
    createsDatabase: true,
    run: async (deps, o) => {
      const { createAgent } = await agentModules();
      // Starter, not free: the README's quick start sends a dozen requests in its first minute (free
      // allows 10) and offers gpt-4o-mini for client tools.
      const account = await createAccount(deps, { name: o.name ?? 'Quickstart', plan: parsePlan(o.plan ?? 'starter') });
      const ctx = await accountContext(deps, account.id);
      const agent = await createAgent(deps, ctx, {
        name: 'My first agent',
        instructions: 'Answer from the knowledge you are given.',
      });
      const { record, key } = await createKey(deps, account.id, { name: 'quickstart' });
      return {
        account: accountView(account),
        agent: await agentView(deps, agent),
        key: { id: record.id, name: record.name, key },
      };
    },
  },
  ...KEY_COMMANDS,
  ...WEBHOOK_COMMANDS,
  ...USER_COMMANDS,
  ...SITE_COMMANDS,
  ...TEST_QUESTION_COMMANDS,
};
