// The admin API's crawled sites (docs/knowledge-sync.md), generated from /api/admin/v1/openapi.json
// (admin-schema.ts) and named here for the pages.
import type { Answer } from './admin-schema.ts';

export type Site = Answer<'/accounts/{accountId}/agents/{agentId}/sites/{siteId}', 'get'>['site'];
export type SiteSchedule = Site['schedule'];
export type SyncCounts = NonNullable<Site['lastResult']>;
export type SyncReport = Answer<'/accounts/{accountId}/agents/{agentId}/sites/{siteId}/resync', 'post'>['result'];
