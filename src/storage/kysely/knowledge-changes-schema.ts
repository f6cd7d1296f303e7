export interface KnowledgeChangesTable {
  agent_id: string;
  version: number;
  /** 'add' or 'delete' of `source_id`'s passages; 'reset' when vectors changed in place. */
  kind: string;
  source_id: string | null;
}
