import type { CatalogConfig } from './models/catalog-types.ts';
import type { Clock } from '../ports/clock.ts';
import type { EmbeddingProvider } from '../ports/embedding-provider.ts';
import type { Ids } from '../ports/ids.ts';
import type { PassageIndex } from '../ports/passage-index.ts';
import type { PlanName } from '../ports/account-store.ts';
import type { Store } from '../ports/store.ts';
import type { TargetCheck } from '../ports/target-check.ts';
import type { SiteCrawler } from '../ports/site-crawler.ts';
import type { ChatModels } from '../ports/chat-model.ts';
import type { Moderator } from '../ports/moderator.ts';
import type { FileExtractor } from '../ports/file-extractor.ts';
import type { IngestionQueue } from '../ports/ingestion-queue.ts';
import type { RequestContext } from '../ports/request-context.ts';
import type { PasswordHasher } from '../ports/password-hasher.ts';
import type { ConversationFeed } from '../ports/conversation-feed.ts';
import type { ComparisonModels } from '../ports/comparison-models.ts';

/** What every domain function may use; built once at boot. */
export interface DomainDeps {
  store: Store;
  clock: Clock;
  ids: Ids;
  catalog: CatalogConfig;
  embedder: EmbeddingProvider;
  /** The bounded pool that reads uploaded files. */
  extractor: FileExtractor;
  /** Runs file and crawled-page indexing: in this process, or on every node's workers. */
  ingestion: IngestionQueue;
  /** Fetches the pages of user-given sites, every request guarded against private addresses. */
  crawler: SiteCrawler;
  /** The search engine: each agent's passages indexed for BM25 and vector search. */
  passageIndex: PassageIndex;
  /** Other embedding models a test run may be compared with (evaluations.compareEmbeddings). */
  comparison: ComparisonModels;
  /** Judges webhook URLs by the operator's network policy. */
  targetCheck: TargetCheck;
  chatModels: ChatModels;
  /** Checks chat messages before any model sees them. */
  moderator: Moderator;
  /** Hashes and checks console users' passwords. */
  passwords: PasswordHasher;
  /** Wakes the streams following a conversation when it changes, on any node. */
  conversationFeed: ConversationFeed;
}

// Defined beside the ports, which carry it in queued jobs; the domain's functions take it.
export type { RequestContext } from '../ports/request-context.ts';

/** The operator's context for an account (CLI): no key, no restrictions. */
export function operatorContext(accountId: string, plan: PlanName): RequestContext {
  return { accountId, plan, key: null, requestId: 'cli' };
}
