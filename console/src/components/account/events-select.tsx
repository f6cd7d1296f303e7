import { MultiSelect } from '@mantine/core';
import { eventOptions, useEventTypes } from './webhook-queries.ts';
import { CLOSED_DROPDOWN_UNMOUNTED } from './field-props.ts';

/** The event types an endpoint receives; none chosen means all of them. */
export function EventsSelect({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
}) {
  const types = useEventTypes();
  return (
    <MultiSelect
      label="Events"
      description="Empty: every event, including types added later. A test ping is always sent."
      placeholder={value.length === 0 ? 'All events' : undefined}
      data={eventOptions(types.data, value)}
      value={value}
      onChange={onChange}
      searchable
      clearable
      nothingFoundMessage={types.isPending ? 'Loading event types…' : 'No event type matches'}
      error={error ?? (types.error ? 'The event types could not be loaded.' : undefined)}
      comboboxProps={CLOSED_DROPDOWN_UNMOUNTED}
    />
  );
}
