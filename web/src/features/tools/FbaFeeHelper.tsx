/**
 * The optional FBA fee helper of the product form (loaded only when the seller opens it): category, package
 * dimensions and weight in, the size tier, Amazon's fulfilment and referral fees and how they were found out, and
 * a button that puts the total into the form's Amazon Fulfillment Fees field. The fee tables and the calculation
 * are @rainmakers/contracts/fba-fees (docs/fba-fees.md).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import { FBA_CATEGORIES, FBA_FEES_EFFECTIVE_LABEL, FBA_FEES_SOURCE } from '@rainmakers/contracts/fba-fees';
import { formatMoney } from '@rainmakers/contracts/profit';
import { type KeyboardEvent, useId, useState } from 'react';
import { FormField } from '../../components/FormField';
import { EMPTY_FBA_VALUES, evaluate, type FbaHelperValues, SIDES } from './fbaHelper';

/** Enter in a helper field must not submit the product form around it. */
const keepEnter = (event: KeyboardEvent) => {
  if (event.key === 'Enter') event.preventDefault();
};

export default function FbaFeeHelper({
  values: kept,
  onChange,
  retailPrice,
  onApply,
}: {
  /** What the seller entered so far (kept by the form while the helper is closed); null at first. */
  values: FbaHelperValues | null;
  onChange: (values: FbaHelperValues) => void;
  /** The form's Amazon Retail Price, as typed. */
  retailPrice: string;
  /** Puts the estimate (dollars per unit) into the form's Amazon Fulfillment Fees field. */
  onApply: (fees: number) => void;
}) {
  const id = useId();
  const values = kept ?? EMPTY_FBA_VALUES;
  const [applied, setApplied] = useState<number | null>(null);
  const { estimate, errors } = evaluate(values, retailPrice);
  const set = (patch: Partial<FbaHelperValues>) => {
    setApplied(null);
    onChange({ ...values, ...patch });
  };
  const summaryId = `${id}-summary`;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        Estimates Amazon&apos;s US fulfilment (FBA) fee and referral fee for one unit from the packaged product. Fees in
        effect from {FBA_FEES_EFFECTIVE_LABEL}; standard (not dangerous) goods, outside the October to January peak
        season; storage, returns and inbound placement fees are not included.
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' }}>
        <FormControl fullWidth sx={{ gridColumn: '1 / -1' }}>
          <InputLabel htmlFor={`${id}-category`} variant="outlined" shrink>
            Category
          </InputLabel>
          <NativeSelect
            value={values.categoryId}
            onChange={(event) => set({ categoryId: event.target.value })}
            input={<OutlinedInput label="Category" notched />}
            inputProps={{ id: `${id}-category`, name: 'fbaCategory' }}
          >
            <option value="">Choose a category</option>
            {FBA_CATEGORIES.map((category) => (
              <option key={category.id} value={category.id}>
                {category.label}
              </option>
            ))}
          </NativeSelect>
        </FormControl>
        {SIDES.map((side) => (
          <FormField
            key={side.name}
            label={`${side.label} (in)`}
            name={`fba-${side.name}`}
            value={values[side.name]}
            onChange={(event) => set({ [side.name]: event.target.value })}
            onKeyDown={keepEnter}
            error={!!errors[side.name]}
            helperText={errors[side.name]}
            inputProps={{ inputMode: 'decimal' }}
          />
        ))}
        <Box sx={{ display: 'flex', gap: 1, gridColumn: { xs: '1 / -1', sm: 'span 2' } }}>
          <FormField
            label="Weight"
            name="fba-weight"
            value={values.weight}
            onChange={(event) => set({ weight: event.target.value })}
            onKeyDown={keepEnter}
            error={!!errors.weight}
            helperText={errors.weight}
            inputProps={{ inputMode: 'decimal' }}
          />
          <FormControl sx={{ minWidth: 88 }}>
            <InputLabel htmlFor={`${id}-unit`} variant="outlined" shrink>
              Unit
            </InputLabel>
            <NativeSelect
              value={values.weightUnit}
              onChange={(event) => set({ weightUnit: event.target.value === 'oz' ? 'oz' : 'lb' })}
              input={<OutlinedInput label="Unit" notched />}
              inputProps={{ id: `${id}-unit`, name: 'fbaWeightUnit', 'aria-label': 'Weight unit' }}
            >
              <option value="lb">lb</option>
              <option value="oz">oz</option>
            </NativeSelect>
          </FormControl>
        </Box>
      </Box>

      {!retailPrice.trim() || errors.price ? (
        <Alert severity="info">Enter the Amazon Retail Price above: both fees depend on the price.</Alert>
      ) : null}

      <Box aria-live="polite" id={summaryId}>
        {estimate ? (
          <Typography sx={{ fontWeight: 600 }}>
            {estimate.sizeTierLabel}: {formatMoney(estimate.total)} per unit in Amazon fees
          </Typography>
        ) : (
          <Typography variant="body2" color="text.secondary">
            Fill in the category, the three sides and the weight to see the estimate.
          </Typography>
        )}
      </Box>

      {estimate && (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gridTemplateColumns: 'auto auto',
              justifyContent: 'start',
              columnGap: 3,
              rowGap: 0.5,
              '& dt': { color: 'text.secondary' },
              '& dd': { m: 0, fontWeight: 600, fontVariantNumeric: 'tabular-nums' },
            }}
          >
            <dt>Size tier</dt>
            <dd>{estimate.sizeTierLabel}</dd>
            <dt>Fulfilment fee</dt>
            <dd>{formatMoney(estimate.fulfilmentFee)}</dd>
            <dt>Referral fee</dt>
            <dd>{formatMoney(estimate.referralFee)}</dd>
            <dt>Amazon fees per unit</dt>
            <dd>{formatMoney(estimate.total)}</dd>
          </Box>
          <Typography component="h3" variant="subtitle2">
            How it was found
          </Typography>
          <Box component="ol" sx={{ m: 0, pl: 3, '& li': { mb: 0.5 } }}>
            {estimate.steps.map((step) => (
              <Typography component="li" variant="body2" key={step}>
                {step}
              </Typography>
            ))}
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
            <Button
              variant="outlined"
              onClick={() => {
                onApply(estimate.total);
                setApplied(estimate.total);
              }}
              aria-describedby={summaryId}
            >
              Use {formatMoney(estimate.total)} as Amazon Fulfillment Fees
            </Button>
            <Typography variant="body2" role="status">
              {applied !== null ? `Amazon Fulfillment Fees set to ${formatMoney(applied)}.` : ''}
            </Typography>
          </Box>
        </Box>
      )}
      <Typography variant="caption" color="text.secondary">
        {FBA_FEES_SOURCE}
      </Typography>
    </Box>
  );
}
