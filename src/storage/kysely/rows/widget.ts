import type { WidgetRefusalRecord } from '../../../ports/widget-store.ts';
import type { WidgetRefusalsTable } from '../schema/widget.ts';

export const toRefusal = (row: WidgetRefusalsTable): WidgetRefusalRecord => ({
  keyId: row.key_id,
  reason: row.reason === 'user-hash' ? 'user-hash' : 'origin',
  origin: row.origin,
  times: row.times,
  firstAt: row.first_at,
  lastAt: row.last_at,
});
