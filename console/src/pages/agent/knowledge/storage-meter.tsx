import { Group, Progress, Stack, Text } from '@mantine/core';
import type { Agent } from '../../../api/types.ts';
import { formatCount } from '../../../components/format.ts';

function meterColor(percent: number): string {
  if (percent >= 90) return 'red';
  if (percent >= 75) return 'orange';
  return 'blue';
}

/** How much of the plan's storage the agent's knowledge takes. */
export function StorageMeter({ storage }: { storage: Agent['storage'] }) {
  const percent = storage.limit > 0 ? Math.min(100, (storage.used / storage.limit) * 100) : 100;
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" align="baseline">
        <Text fw={500} size="sm">
          Storage
        </Text>
        <Text size="xs" c="dimmed">
          Characters of text plus bytes of files, against the plan’s limit per agent
        </Text>
      </Group>
      <div data-testid="storage-meter">
        <Progress aria-label="Storage used" value={percent} color={meterColor(percent)} size="lg" />
        <Text size="sm" mt={4}>{`${formatCount(storage.used)} of ${formatCount(storage.limit)} used`}</Text>
      </div>
    </Stack>
  );
}
