import { useMemo } from 'react';
import { type TagRefInput, useTagOptions } from '../api/courses';
import { OptionPicker, type PickerOption } from './OptionPicker';

/** Tags as the forms send them (`{ id, name }` only). */
export function tagRefs(tags: readonly { id: number; name: string }[]): TagRefInput[] {
  return tags.map((t) => ({ id: t.id, name: t.name }));
}

/** The course, module and lesson forms' tag picker: every tag (GET options) offered through OptionPicker. */
export function TagPicker({
  label,
  value,
  onChange,
  error,
  helperText,
}: {
  label: string;
  value: readonly PickerOption[];
  onChange: (value: PickerOption[]) => void;
  error?: boolean;
  helperText?: string;
}) {
  const tagsQuery = useTagOptions();
  const options = useMemo(() => tagRefs(tagsQuery.data ?? []), [tagsQuery.data]);
  return (
    <OptionPicker
      label={label}
      options={options}
      value={value}
      onChange={onChange}
      loading={tagsQuery.isLoading}
      error={error}
      helperText={helperText}
    />
  );
}
