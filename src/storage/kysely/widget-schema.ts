export interface WidgetSecretsTable {
  agent_id: string;
  account_id: string;
  secret: string;
  created_at: number;
}
