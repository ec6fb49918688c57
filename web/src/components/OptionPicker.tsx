import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { sortOptions } from './options';

export interface PickerOption {
  id: number;
  name: string;
  /** Shown under the name in the list (e.g. the course a module belongs to). */
  hint?: string;
}

/**
 * A multi-select with type-to-filter: options alphabetical ignoring case, emojis and punctuation, names starting
 * with 'DELETED -' left out (options.ts). Chosen values that are no longer offered stay visible so nothing is
 * dropped silently.
 */
export function OptionPicker({
  label,
  options,
  value,
  onChange,
  loading,
  helperText,
  error,
  disabled,
}: {
  label: string;
  options: readonly PickerOption[];
  value: readonly PickerOption[];
  onChange: (value: PickerOption[]) => void;
  loading?: boolean;
  helperText?: string;
  error?: boolean;
  disabled?: boolean;
}) {
  const sorted = useMemo(() => sortOptions(options, (o) => o.name), [options]);
  return (
    <Autocomplete
      multiple
      options={sorted}
      value={[...value]}
      onChange={(_event, next) => onChange(next)}
      getOptionLabel={(option) => option.name}
      getOptionKey={(option) => option.id}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterSelectedOptions
      loading={loading}
      disabled={disabled}
      renderValue={(selected, getItemProps) =>
        selected.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} label={option.name} size="small" {...itemProps} />;
        })
      }
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest}>
            <span>
              {option.name}
              {option.hint && (
                <span style={{ display: 'block', fontSize: '0.8rem', opacity: 0.65 }}>{option.hint}</span>
              )}
            </span>
          </li>
        );
      }}
      renderInput={(params) => <TextField {...params} label={label} helperText={helperText} error={error} />}
    />
  );
}
