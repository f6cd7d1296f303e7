// The admin API's answers as the console reads them (see /api/admin/v1/openapi.json).

export type Role = 'owner' | 'teammate';

export interface SessionInfo {
  success: true;
  user: { id: string; email: string };
  accounts: Array<{ id: string; name: string; role: Role }>;
  csrfToken: string;
  expiresAt: string;
}

export interface Pagination {
  totalPages: number;
  currentPage: number;
  pagingCounter: number;
  hasNextPage: boolean;
}

export interface ClientTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface Agent {
  id: string;
  name: string;
  model: string;
  instructions: string;
  usage: number;
  createdAt: string;
  storage: { used: number; limit: number };
  tools?: ClientTool[];
}

export interface Model {
  id: string;
  name: string;
  provider: string;
  credits: number;
  available: boolean;
  /** Present when `available` is false: not on the plan, or not configured on this server. */
  unavailableReason?: string;
}
