// A client written against the generated types only (openapi-typescript + openapi-fetch), as an
// API user would write it: no cast anywhere. The test typechecks this file against types generated
// from the documents the app serves, then runs it against a real server.
import createClient from 'openapi-fetch';
import type { paths, webhooks } from './generated/public.ts';
import type { paths as AdminPaths } from './generated/admin.ts';
import type { ScenarioReport, ScenarioTarget } from './scenario-target.ts';

/** The body a receiver gets for `chat.completed`: the webhooks section is typed too. */
type ChatCompletedEvent = webhooks['chat.completed']['post']['requestBody']['content']['application/json'];

export function describeChatCompleted(event: ChatCompletedEvent): string {
  return `${event.type}: ${event.data.credits} credits by key ${event.data.apiKey}`;
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what}: no data`);
  return value;
}

export async function runScenario(target: ScenarioTarget): Promise<ScenarioReport> {
  // JSON answers only: chat's 200 may also be an event stream, which this client does not ask for.
  const api = createClient<paths, `${string}/json`>({
    baseUrl: `${target.origin}/api/v1`,
    headers: { authorization: `Bearer ${target.key}` },
  });

  const validated = required((await api.GET('/validate')).data, 'validate');
  // page and size have defaults: a client may leave them out.
  const agents = required((await api.GET('/agents')).data, 'list agents');
  const agent = agents.agents[0];
  if (!agent) throw new Error('the account has no agent');
  const path = { params: { path: { agentId: agent.id } } };

  const text = required(
    (
      await api.POST('/agents/{agentId}/sources/text', {
        ...path,
        body: { title: 'Opening hours', content: 'The shop is open from 9 to 5, Monday to Friday.' },
      })
    ).data,
    'add text',
  );

  const upload = await api.POST('/agents/{agentId}/sources/files', {
    ...path,
    body: {
      file: new File(['Returns are accepted within 30 days with the receipt.'], 'returns.txt', { type: 'text/plain' }),
    },
    bodySerializer: (body) => {
      const form = new FormData();
      form.append('file', body.file);
      return form;
    },
  });
  const uploaded = required(upload.data, 'upload');

  // `limit` has a default too.
  const found = required(
    (await api.POST('/agents/{agentId}/search', { ...path, body: { query: 'When is the shop open?' } })).data,
    'search',
  );
  const chat = required(
    (await api.POST('/agents/{agentId}/chat', { ...path, body: { message: 'When is the shop open?' } })).data,
    'chat',
  );
  const conversations = required(
    (await api.GET('/agents/{agentId}/conversations', { params: { path: { agentId: agent.id }, query: { size: 10 } } }))
      .data,
    'list conversations',
  );

  // Errors are typed: `code` is the error table's enum.
  const missing = await api.GET('/agents/{agentId}', { params: { path: { agentId: 'agt_missing' } } });
  const missingCode = missing.error && 'success' in missing.error ? missing.error.error.code : 'none';

  // The admin API: the account id is a declared path parameter on every /accounts/{accountId}/… operation.
  const admin = createClient<AdminPaths, `${string}/json`>({
    baseUrl: `${target.origin}/api/admin/v1`,
    headers: { cookie: target.session.cookie, 'x-csrf-token': target.session.csrf },
  });
  const keys = required(
    (await admin.GET('/accounts/{accountId}/keys', { params: { path: { accountId: target.accountId } } })).data,
    'list keys',
  );
  const adminAgent = required(
    (
      await admin.GET('/accounts/{accountId}/agents/{agentId}', {
        params: { path: { accountId: target.accountId, agentId: agent.id } },
      })
    ).data,
    'admin get agent',
  );

  return {
    valid: validated.valid,
    agentId: agent.id,
    textSourceTitle: text.source.title,
    uploadedTitle: uploaded.source.title,
    searchResults: found.results.length,
    reply: chat.reply.content,
    conversations: conversations.conversations.length,
    missingAgentCode: missingCode,
    keys: keys.keys.length,
    adminAgentName: adminAgent.agent.name,
  };
}
