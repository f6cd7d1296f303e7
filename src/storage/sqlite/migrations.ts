import { CORE_SCHEMA } from '../kysely/core-schema.ts';
import { knowledgeSchema } from '../kysely/knowledge-schema.ts';
import { WEBHOOK_SCHEMA } from '../kysely/webhook-schema.ts';
import { CONSOLE_SCHEMA } from '../kysely/console-schema.ts';
import { CHAT_SCHEMA } from '../kysely/chat-schema.ts';
import { ALLOWANCE_SCHEMA } from '../kysely/allowance-schema.ts';
import { WIDGET_SCHEMA } from '../kysely/widget-schema.ts';
import { WIDGET_REFUSAL_SCHEMA } from '../kysely/widget-refusal-schema.ts';
import { insightsSchema } from '../kysely/insights-schema.ts';
import { SITE_SCHEMA } from '../kysely/site-schema.ts';
import { KNOWLEDGE_CHANGES_SCHEMA } from '../kysely/knowledge-changes-schema.ts';
import type { SqlMigration } from '../kysely/migrate.ts';
import { EVALUATION_SCHEMA } from '../kysely/evaluation-schema.ts';
import { STORAGE_RESERVED_SCHEMA } from '../kysely/storage-reserved-schema.ts';
import { HANDOFF_SCHEMA } from '../kysely/handoff-schema.ts';
import { HELP_MESSAGE_SCHEMA } from '../kysely/help-message-schema.ts';
import { SQLITE_KEY_CHANGE_TRIGGERS } from './key-change-version.ts';

/** SQLite's migration history. Append only; never edit a migration that has shipped. */
export const SQLITE_MIGRATIONS: SqlMigration[] = [
  { name: '0001_core', statements: CORE_SCHEMA },
  { name: '0002_knowledge', statements: knowledgeSchema('BLOB') },
  { name: '0003_webhooks', statements: WEBHOOK_SCHEMA },
  { name: '0004_console_users', statements: CONSOLE_SCHEMA },
  { name: '0005_chat', statements: CHAT_SCHEMA },
  { name: '0006_allowance_renewal', statements: ALLOWANCE_SCHEMA },
  { name: '0007_publishable_keys_widget', statements: WIDGET_SCHEMA },
  { name: '0008_sites', statements: SITE_SCHEMA },
  { name: '0009_insights', statements: insightsSchema('BLOB') },
  { name: '0010_knowledge_changes', statements: KNOWLEDGE_CHANGES_SCHEMA },
  { name: '0012_key_change_version', statements: SQLITE_KEY_CHANGE_TRIGGERS },
  { name: '0013_widget_refusals', statements: WIDGET_REFUSAL_SCHEMA },
  { name: '0014_storage_reserved_at', statements: STORAGE_RESERVED_SCHEMA },
  { name: '0015_test_questions', statements: EVALUATION_SCHEMA },
  { name: '0016_handoff', statements: HANDOFF_SCHEMA },
  { name: '0017_help_message', statements: HELP_MESSAGE_SCHEMA },
];
