// The model picker of the new-agent form and the settings tab, from GET /models.
import { Select } from '@mantine/core';
import { formatCredits } from '../format.ts';
import { modelOptions, useModels } from './agent-queries.ts';
import { CLOSED_DROPDOWN_UNMOUNTED } from './field-props.ts';

export interface ModelSelectProps {
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
  /** Shown when no model is chosen, e.g. "The default model". */
  placeholder?: string;
  clearable?: boolean;
}

export function ModelSelect({ value, onChange, error, placeholder, clearable = false }: ModelSelectProps) {
  const models = useModels();
  const list = models.data?.models ?? [];
  const options = modelOptions(list);
  // A model taken out of the catalog since it was chosen still shows as the current value.
  if (value && !options.some((option) => option.value === value)) options.push({ value, label: value, disabled: true });
  const chosen = list.find((model) => model.id === value);
  const description = models.error
    ? 'The models could not be loaded.'
    : chosen
      ? `${chosen.provider} · ${formatCredits(chosen.credits)} ${chosen.credits === 1 ? 'credit' : 'credits'} per chat request`
      : models.data
        ? `Your plan (${models.data.plan}) decides which models you can use.`
        : undefined;

  return (
    <Select
      label="Model"
      data={options}
      value={value}
      onChange={onChange}
      placeholder={models.isPending ? 'Loading models…' : placeholder}
      description={description}
      error={error}
      clearable={clearable}
      allowDeselect={clearable}
      searchable
      nothingFoundMessage="No model matches"
      comboboxProps={CLOSED_DROPDOWN_UNMOUNTED}
    />
  );
}
