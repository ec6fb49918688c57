import LockRounded from '@mui/icons-material/LockRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Slider from '@mui/material/Slider';
import { alpha } from '@mui/material/styles';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  ADDITIONAL_FEES_HINT,
  acceptAdditionalFeesInput,
  additionalFeesInputError,
  additionalFeesToPercent,
  convertAdditionalFees,
  MAX_ADDITIONAL_FEES_PERCENT,
  maxAdditionalFeesDollars,
  showsAdditionalFeesHint,
} from '@rainmakers/contracts/profit';
import { PRODUCT_SAVED } from '@rainmakers/contracts/tools-constants';
import { useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import { useSiteLinks } from '../../api/siteContent';
import { type AdditionalFeesType, type ProductBody, useUpsertProduct } from '../../api/tools';
import { FormField } from '../../components/FormField';
import { toast } from '../../components/toast';

/**
 * Additional Fees Per Unit (spec §4, §5, §6): percentage or dollar, converted both ways; an out-of-range entry says
 * its range under the field and is not used; a slider with two decimals; the hint under 25 %; Save sends
 * a percentage. Every change is reported through `onPreview` (the percentage), so the totals beside it follow the
 * slider before Save. Basic members see it locked and blurred with an upgrade link (the server refuses them too).
 */
export function AdditionalFeesPanel({
  product,
  onPreview,
}: {
  product: ProductBody;
  onPreview?: (percent: number) => void;
}) {
  const links = useSiteLinks();
  const retail = product.amazonRetailPrice;
  const [type, setType] = useState<AdditionalFeesType>(product.typeAdditionalFees);
  const [value, setValue] = useState(() =>
    convertAdditionalFees(product.additionalFees, 'percentage', product.typeAdditionalFees, retail),
  );
  const [text, setText] = useState(String(value));
  const [inputError, setInputError] = useState<string | null>(null);
  const upsert = useUpsertProduct();
  const locked = !product.abilities.editAdditionalFees;
  const max = type === 'percentage' ? MAX_ADDITIONAL_FEES_PERCENT : maxAdditionalFeesDollars(retail);
  const percent = additionalFeesToPercent(value, type, retail);
  useEffect(() => onPreview?.(percent), [percent, onPreview]);

  const show = (next: number) => {
    setValue(next);
    setText(String(next));
    setInputError(null);
  };
  const onType = (next: AdditionalFeesType | null) => {
    if (!next || next === type) return;
    show(convertAdditionalFees(value, type, next, retail));
    setType(next);
  };
  /** An out-of-range (or non-numeric) entry stays in the field with its range as the error; the value is unchanged. */
  const onText = (raw: string) => {
    setText(raw);
    const problem = additionalFeesInputError(raw, type, retail);
    setInputError(problem);
    if (!problem) setValue(acceptAdditionalFeesInput(Number(raw.trim()), value, type, retail));
  };
  const save = () => {
    if (inputError) {
      document.getElementById('additional-fees-input')?.focus();
      return;
    }
    upsert.mutate(
      { product: { ...product, additionalFees: percent }, typeAdditionalFees: type },
      {
        onSuccess: () => toast(PRODUCT_SAVED, 'success'),
        onError: (error) => {
          const fieldError = error instanceof ApiError ? error.errors.additionalFees : undefined;
          if (fieldError) setInputError(fieldError);
          toast(fieldError ?? errorMessage(error), 'error');
        },
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, position: 'relative' }} aria-labelledby="fees-heading">
      <Typography id="fees-heading" variant="h3" sx={{ fontSize: '1.15rem', fontWeight: 600, mb: 2 }}>
        Additional Fees Per Unit
      </Typography>
      {locked ? (
        // Basic members: a blurred picture of the control, nothing to operate (the server refuses changes too).
        <Box aria-hidden sx={{ filter: 'blur(4px)', userSelect: 'none', py: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>{product.additionalFees.toFixed(2)}% of the retail price</Typography>
          <Box sx={{ mt: 2, height: 6, borderRadius: 3, bgcolor: 'primary.light', width: '100%' }} />
          <Box sx={{ mt: 2, height: 36, width: 96, borderRadius: 1, bgcolor: 'primary.main' }} />
        </Box>
      ) : (
        <Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={type}
              onChange={(_e, next: AdditionalFeesType | null) => onType(next)}
              aria-label="Additional fees unit"
            >
              <ToggleButton value="percentage">Percentage</ToggleButton>
              <ToggleButton value="dollar">Dollar</ToggleButton>
            </ToggleButtonGroup>
            <Box sx={{ width: { xs: '100%', sm: 260 } }}>
              <FormField
                label={type === 'percentage' ? 'Percent of retail price' : 'Dollars per unit'}
                name="additionalFees"
                id="additional-fees-input"
                value={text}
                onChange={(event) => onText(event.target.value)}
                error={!!inputError}
                helperText={inputError ?? undefined}
                inputProps={{ inputMode: 'decimal' }}
                startAdornment={type === 'dollar' ? <InputAdornment position="start">$</InputAdornment> : undefined}
                endAdornment={type === 'percentage' ? <InputAdornment position="end">%</InputAdornment> : undefined}
              />
            </Box>
          </Box>
          <Slider
            sx={{ mt: 2 }}
            min={0}
            max={max}
            step={0.01}
            value={Math.min(value, max)}
            onChange={(_e, next) => show(Number((next as number).toFixed(2)))}
            valueLabelDisplay="auto"
            valueLabelFormat={(v) => (type === 'percentage' ? `${v.toFixed(2)}%` : `$${v.toFixed(2)}`)}
            getAriaValueText={(v) => (type === 'percentage' ? `${v.toFixed(2)} percent` : `${v.toFixed(2)} dollars`)}
            aria-label="Additional fees per unit"
          />
          {showsAdditionalFeesHint(percent) && (
            <Typography variant="body2" color="warning.main" role="status">
              {ADDITIONAL_FEES_HINT}
            </Typography>
          )}
          <Button variant="contained" onClick={save} loading={upsert.isPending} sx={{ mt: 2 }}>
            Save
          </Button>
        </Box>
      )}
      {locked && (
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 1,
            textAlign: 'center',
            p: 2,
            borderRadius: 'inherit',
            bgcolor: (t) => alpha(t.palette.background.paper, t.palette.mode === 'dark' ? 0.8 : 0.55),
          }}
        >
          <LockRounded color="action" />
          <Typography sx={{ fontWeight: 600 }}>Additional fees are locked on your membership</Typography>
          <Link href={links.upgradeUrl} target="_blank" rel="noopener noreferrer">
            Upgrade to unlock
          </Link>
        </Box>
      )}
    </Paper>
  );
}
