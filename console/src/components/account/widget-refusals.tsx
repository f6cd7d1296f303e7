// Why a publishable key's widget was recently refused: websites the key does not list, and signed-in
// users whose data-user-hash is wrong. A site owner reads here why the widget does not work.
import { List, Text } from '@mantine/core';
import type { WidgetRefusal } from '../../api/account-types.ts';
import { formatDate } from '../format.ts';

const SHOWN = 5;

function line(refusal: WidgetRefusal): string {
  const where = refusal.origin ?? 'a page that sent no origin';
  const times = refusal.count === 1 ? 'once' : `${refusal.count} times`;
  const what = refusal.reason === 'origin' ? `${where} is not allowed` : `wrong data-user-hash on ${where}`;
  return `${what} (${times}, last ${formatDate(refusal.lastAt)})`;
}

export function WidgetRefusals({ refusals }: { refusals: WidgetRefusal[] | undefined }) {
  if (!refusals || refusals.length === 0) return null;
  return (
    <div data-testid="widget-refusals">
      <Text size="xs" fw={600} c="orange.9" mt={4}>
        Recently refused
      </Text>
      <List size="xs" spacing={0} c="orange.9" style={{ overflowWrap: 'anywhere' }}>
        {refusals.slice(0, SHOWN).map((refusal) => (
          <List.Item key={`${refusal.reason} ${refusal.origin}`}>{line(refusal)}</List.Item>
        ))}
      </List>
    </div>
  );
}
