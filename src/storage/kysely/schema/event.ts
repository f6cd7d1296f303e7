export interface EventsTable {
  id: string;
  account_id: string;
  type: string;
  data: string;
  created_at: number;
  /** Outbox mark: null until the event has been fanned out to webhook deliveries. */
  dispatched_at: number | null;
}

export interface EventTables {
  events: EventsTable;
}
