import CloseRounded from '@mui/icons-material/CloseRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';

/** A search box (role searchbox, named by `label`) with a clear button while it has text. */
export function SearchInput({
  value,
  onChange,
  label,
  placeholder,
  clearLabel,
  disabled,
  small = false,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder: string;
  clearLabel: string;
  disabled: boolean;
  small?: boolean;
}) {
  return (
    <OutlinedInput
      fullWidth
      size={small ? 'small' : undefined}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      placeholder={placeholder}
      inputProps={{ 'aria-label': label, type: 'search', enterKeyHint: 'search' }}
      startAdornment={
        <InputAdornment position="start">
          <SearchRounded fontSize={small ? 'small' : undefined} sx={{ color: 'text.secondary' }} />
        </InputAdornment>
      }
      endAdornment={
        value ? (
          <InputAdornment position="end">
            <IconButton aria-label={clearLabel} edge="end" size="small" onClick={() => onChange('')}>
              <CloseRounded fontSize="small" />
            </IconButton>
          </InputAdornment>
        ) : undefined
      }
      sx={{ '& input[type=search]::-webkit-search-cancel-button': { display: 'none' } }}
    />
  );
}
