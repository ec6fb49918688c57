import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';

export type ReleaseMode = 'now' | 'days' | 'date';

export interface ReleaseValues {
  releaseMode: ReleaseMode;
  releaseAfterDays: string;
  releaseAt: string;
}

/** The form's values for a module's release rule (drip). */
export const releaseValuesOf = (module: { releaseAfterDays: number | null; releaseAt: string | null } | null) => ({
  releaseMode: (module?.releaseAfterDays != null ? 'days' : module?.releaseAt ? 'date' : 'now') as ReleaseMode,
  releaseAfterDays: module?.releaseAfterDays != null ? String(module.releaseAfterDays) : '7',
  releaseAt: module?.releaseAt ?? '',
});

/** The rule the upsert sends, or a message for the field that cannot be read. */
export function releaseRuleOf(
  values: ReleaseValues,
): { releaseAfterDays: number | null; releaseAt: string | null } | { field: keyof ReleaseValues; message: string } {
  if (values.releaseMode === 'days') {
    const days = Number(values.releaseAfterDays);
    if (!Number.isInteger(days) || days < 1 || days > 3650) {
      return { field: 'releaseAfterDays', message: 'Enter a whole number of days from 1 to 3650' };
    }
    return { releaseAfterDays: days, releaseAt: null };
  }
  if (values.releaseMode === 'date') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(values.releaseAt)) return { field: 'releaseAt', message: 'Choose a date' };
    return { releaseAfterDays: null, releaseAt: values.releaseAt };
  }
  return { releaseAfterDays: null, releaseAt: null };
}

/**
 * When the module opens to members (drip): as soon as they can see it, a number of days after each member's access
 * began, or on a date. Both open at midnight in each member's own time zone; coaches and admins always see it.
 */
export function ReleaseFields({
  value,
  onChange,
  onModeChange,
  errors,
}: {
  value: ReleaseValues;
  onChange: (name: 'releaseAfterDays' | 'releaseAt', value: string) => void;
  onModeChange: (mode: ReleaseMode) => void;
  errors: Partial<Record<keyof ReleaseValues, string>>;
}) {
  return (
    <FormControl component="fieldset">
      <FormLabel
        component="legend"
        sx={{ typography: 'subtitle2', color: 'text.primary', '&.Mui-focused': { color: 'text.primary' } }}
      >
        When it opens to members
      </FormLabel>
      <RadioGroup value={value.releaseMode} onChange={(event) => onModeChange(event.target.value as ReleaseMode)}>
        <FormControlLabel value="now" control={<Radio />} label="As soon as they can see the course" />
        <FormControlLabel value="days" control={<Radio />} label="Some days after each member's access begins" />
        {value.releaseMode === 'days' && (
          <TextField
            label="Days after access begins"
            type="number"
            size="small"
            name="releaseAfterDays"
            value={value.releaseAfterDays}
            onChange={(event) => onChange('releaseAfterDays', event.target.value)}
            error={Boolean(errors.releaseAfterDays)}
            helperText={
              errors.releaseAfterDays ??
              'Counted from her sign-up, or from the day she got the tag that opens the course.'
            }
            slotProps={{ htmlInput: { min: 1, max: 3650, step: 1, inputMode: 'numeric' } }}
            sx={{ ml: 4, mb: 1, maxWidth: 360 }}
          />
        )}
        <FormControlLabel value="date" control={<Radio />} label="On a date" />
        {value.releaseMode === 'date' && (
          <TextField
            label="Opens on"
            type="date"
            size="small"
            name="releaseAt"
            value={value.releaseAt}
            onChange={(event) => onChange('releaseAt', event.target.value)}
            error={Boolean(errors.releaseAt)}
            helperText={errors.releaseAt}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ ml: 4, mb: 1, maxWidth: 360 }}
          />
        )}
      </RadioGroup>
      <FormHelperText>
        It opens at midnight in each member's own time zone, and she is told. Coaches and admins always see it.
      </FormHelperText>
    </FormControl>
  );
}
