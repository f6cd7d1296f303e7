// The widget: the per-agent secret that signs visitors' ids, and what the widget's routes refused.

export interface WidgetSecretsTable {
  agent_id: string;
  account_id: string;
  secret: string;
  created_at: number;
}

export interface WidgetRefusalsTable {
  key_id: string;
  account_id: string;
  reason: string;
  origin: string;
  times: number;
  first_at: number;
  last_at: number;
}

export interface WidgetTables {
  widget_secrets: WidgetSecretsTable;
  widget_refusals: WidgetRefusalsTable;
}
