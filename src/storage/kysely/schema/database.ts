// Table shapes shared by the SQLite and PostgreSQL adapters, one file per resource. Every integer
// column is BIGINT on PostgreSQL (parsed to a JS number: values stay far below 2^53) and INTEGER
// on SQLite. The DDL that made them is in ../migrations/.
import type { AccountTables } from './account.ts';
import type { AgentTables } from './agent.ts';
import type { ApiKeyTables } from './api-key.ts';
import type { ConsoleTables } from './console.ts';
import type { ConversationTables } from './conversation.ts';
import type { CreditTables } from './credit.ts';
import type { EvaluationTables } from './evaluation.ts';
import type { EventTables } from './event.ts';
import type { InsightTables } from './insight.ts';
import type { KnowledgeTables } from './knowledge.ts';
import type { SiteTables } from './site.ts';
import type { WebhookTables } from './webhook.ts';
import type { WidgetTables } from './widget.ts';

export interface Database
  extends
    AccountTables,
    AgentTables,
    ApiKeyTables,
    ConsoleTables,
    ConversationTables,
    CreditTables,
    EvaluationTables,
    EventTables,
    InsightTables,
    KnowledgeTables,
    SiteTables,
    WebhookTables,
    WidgetTables {}
