// Every shipped migration, in the order they run. Append only: a new migration is a new file here;
// a shipped file is never edited, so no later change to a constant can rewrite what an existing
// database was given.
import type { ShippedMigration, SqlMigration } from './migrate.ts';
import { m0001Core } from './0001_core.ts';
import { m0002Knowledge } from './0002_knowledge.ts';
import { m0003Webhooks } from './0003_webhooks.ts';
import { m0004ConsoleUsers } from './0004_console_users.ts';
import { m0005Chat } from './0005_chat.ts';
import { m0006AllowanceRenewal } from './0006_allowance_renewal.ts';
import { m0007PublishableKeysWidget } from './0007_publishable_keys_widget.ts';
import { m0008Sites } from './0008_sites.ts';
import { m0009Insights } from './0009_insights.ts';
import { m0010KnowledgeChanges } from './0010_knowledge_changes.ts';
import { m0011IngestJobs } from './0011_ingest_jobs.ts';
import { m0012KeyChanges } from './0012_key_changes.ts';
import { m0013WidgetRefusals } from './0013_widget_refusals.ts';
import { m0014StorageReservedAt } from './0014_storage_reserved_at.ts';
import { m0015TestQuestions } from './0015_test_questions.ts';
import { m0016Handoff } from './0016_handoff.ts';
import { m0017HandoffInbox } from './0017_handoff_inbox.ts';
import { m0018HelpMessage } from './0018_help_message.ts';
import { m0019TermsVersion } from './0019_terms_version.ts';

const SHIPPED: ShippedMigration[] = [
  m0001Core,
  m0002Knowledge,
  m0003Webhooks,
  m0004ConsoleUsers,
  m0005Chat,
  m0006AllowanceRenewal,
  m0007PublishableKeysWidget,
  m0008Sites,
  m0009Insights,
  m0010KnowledgeChanges,
  m0011IngestJobs,
  m0012KeyChanges,
  m0013WidgetRefusals,
  m0014StorageReservedAt,
  m0015TestQuestions,
  m0016Handoff,
  m0017HandoffInbox,
  m0018HelpMessage,
  m0019TermsVersion,
];

export const SQLITE_MIGRATIONS: SqlMigration[] = SHIPPED.flatMap((migration) => migration.sqlite ?? []);
export const POSTGRES_MIGRATIONS: SqlMigration[] = SHIPPED.flatMap((migration) => migration.postgres ?? []);
