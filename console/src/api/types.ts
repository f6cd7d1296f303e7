// The admin API's answers as the console reads them: generated from /api/admin/v1/openapi.json
// (admin-schema.ts), named here for the pages.
import type { Answer, Schemas } from './admin-schema.ts';

export type Role = Schemas['Member']['role'];
export type SessionInfo = Schemas['Session'];
export type Pagination = Schemas['Pagination'];
export type ClientTool = Schemas['ClientTool'];
/** An agent as the pages hold it: a list's entry, or one read alone (which carries its tools). */
export type Agent = Schemas['AgentWithStorage'] & Partial<Pick<Schemas['ConsoleAgent'], 'tools'>>;
export type Model = Answer<'/accounts/{accountId}/models', 'get'>['models'][number];
