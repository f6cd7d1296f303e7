// The team's hours of an agent that hands over: a time zone and weekly ranges. Outside them the
// visitor is told when a person will answer, and the conversation waits in the inbox.
import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Chip, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, seg } from '../../api/client.ts';
import type { Agent } from '../../api/types.ts';
import { ErrorAlert } from '../feedback.tsx';
import { useAccountPath } from '../use-account.ts';
import { notifySuccess } from './notify.ts';
import { agentKey } from '../agent/agent-query.ts';

type Hours = NonNullable<NonNullable<Agent['handoff']>['hours']>;
type Range = Hours['weekly'][number];
type Day = Range['days'][number];

const DAYS: Day[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const DAY_LABELS: Record<Day, string> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};
const ZONES = Intl.supportedValuesOf('timeZone');
const DEFAULT_HOURS: Hours = {
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  weekly: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '09:00', to: '17:00' }],
};

export function TeamHoursForm({ agent }: { agent: Agent }) {
  const path = useAccountPath();
  const queries = useQueryClient();
  const saved = agent.handoff?.hours ?? null;
  const [limited, setLimited] = useState(saved !== null);
  const [hours, setHours] = useState<Hours>(saved ?? DEFAULT_HOURS);
  const save = useMutation({
    mutationFn: (next: Hours | null) =>
      api<{ agent: Agent }>('PATCH', path(`/agents/${seg(agent.id)}`), { handoff: { hours: next } }),
    onSuccess: async () => {
      await queries.invalidateQueries({ queryKey: agentKey(path('')) });
      notifySuccess('The team hours were saved.', 'Team hours saved');
    },
  });
  const setRange = (index: number, change: Partial<Range>) =>
    setHours({ ...hours, weekly: hours.weekly.map((range, i) => (i === index ? { ...range, ...change } : range)) });

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(limited ? hours : null);
  }

  return (
    <form onSubmit={submit} aria-label="Team hours">
      <Stack gap="sm">
        <Checkbox
          label="People answer only during team hours"
          description="Outside them the visitor is told when a person will answer; the conversation waits in the inbox."
          checked={limited}
          onChange={(event) => setLimited(event.currentTarget.checked)}
        />
        {limited && (
          <>
            <Select
              label="Time zone"
              searchable
              data={ZONES}
              value={hours.timeZone}
              onChange={(zone) => zone && setHours({ ...hours, timeZone: zone })}
              maw={320}
            />
            {hours.weekly.map((range, index) => (
              <Group key={index} align="flex-end" gap="xs" wrap="wrap">
                <Chip.Group multiple value={range.days} onChange={(days) => setRange(index, { days: days as Day[] })}>
                  <Group gap={4} aria-label={`Days of range ${index + 1}`}>
                    {DAYS.map((day) => (
                      <Chip key={day} value={day} size="xs">
                        {DAY_LABELS[day]}
                      </Chip>
                    ))}
                  </Group>
                </Chip.Group>
                <TextInput
                  type="time"
                  label="From"
                  value={range.from}
                  onChange={(event) => setRange(index, { from: event.currentTarget.value })}
                />
                <TextInput
                  type="time"
                  label="To"
                  value={range.to}
                  onChange={(event) => setRange(index, { to: event.currentTarget.value })}
                />
                {hours.weekly.length > 1 && (
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    onClick={() => setHours({ ...hours, weekly: hours.weekly.filter((_, i) => i !== index) })}
                  >
                    Remove
                  </Button>
                )}
              </Group>
            ))}
            <Group>
              <Button
                variant="light"
                size="xs"
                onClick={() =>
                  setHours({ ...hours, weekly: [...hours.weekly, { days: ['sat'], from: '10:00', to: '14:00' }] })
                }
              >
                Add hours
              </Button>
            </Group>
          </>
        )}
        {!limited && (
          <Text size="sm" c="dimmed">
            People answer at any time.
          </Text>
        )}
        <ErrorAlert error={save.error} title="The team hours could not be saved" />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save team hours
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
