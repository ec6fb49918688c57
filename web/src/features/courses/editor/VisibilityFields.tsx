import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';

export interface Visibility {
  visibleToBasic: boolean;
  visibleToPremium: boolean;
}

const SWITCHES: [keyof Visibility, string][] = [
  ['visibleToBasic', 'Visible to basic members'],
  ['visibleToPremium', 'Visible to premium members and coaches'],
];

/** 'Who can see it': a switch per membership (courses and modules), with a note under them. */
export function VisibilityFields({
  value,
  onChange,
  note,
}: {
  value: Visibility;
  onChange: (key: keyof Visibility, visible: boolean) => void;
  note: string;
}) {
  return (
    <Box>
      <Typography variant="subtitle2" component="p" sx={{ mb: 0.5 }}>
        Who can see it
      </Typography>
      {SWITCHES.map(([key, label]) => (
        <FormControlLabel
          key={key}
          control={<Switch checked={value[key]} onChange={(event) => onChange(key, event.target.checked)} name={key} />}
          label={label}
        />
      ))}
      <FormHelperText>{note}</FormHelperText>
    </Box>
  );
}
