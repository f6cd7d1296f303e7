export interface WidgetRefusalsTable {
  key_id: string;
  account_id: string;
  reason: string;
  origin: string;
  times: number;
  first_at: number;
  last_at: number;
}
