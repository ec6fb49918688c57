import CalculateOutlined from '@mui/icons-material/CalculateOutlined';
import ExpandLessRounded from '@mui/icons-material/ExpandLessRounded';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import HelpOutlineRounded from '@mui/icons-material/HelpOutlineRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Tooltip from '@mui/material/Tooltip';
import { PRODUCT_CREATED, PRODUCT_DELETED, PRODUCT_SAVED } from '@rainmakers/contracts/tools-constants';
import { type FormEvent, lazy, Suspense, useId, useState } from 'react';
import { type ProductBody, type ProductInput, useDeleteProduct, useUpsertProduct } from '../../api/tools';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { toast } from '../../components/toast';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { useFieldErrors } from '../../components/useFieldErrors';
import { unfieldedError } from '../../components/useFormFields';
import type { FbaHelperValues } from './fbaHelper';
import { checkFields, type FieldName, type FieldSpec, FORMS, type FormKind, initialValues } from './productForms';

/** The FBA fee helper and its tables load only when the seller opens it. */
const FbaFeeHelper = lazy(() => import('./FbaFeeHelper'));

/** The field's help, as a tooltip on a focusable button (keyboard and screen readers reach it). */
function Help({ field }: { field: FieldSpec }) {
  return (
    <Tooltip title={field.help} enterTouchDelay={0}>
      <IconButton size="small" aria-label={`Help: ${field.label}`} edge="end">
        <HelpOutlineRounded fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/**
 * One of the four modal forms (product, promotion and advertising planning, advertising, planning) for a new or an
 * existing product: Save, Cancel and, for an existing product, Delete. Only the product form can create.
 */
export default function ProductFormDialog({
  kind,
  product,
  onClose,
  onSaved,
  onDeleted,
}: {
  kind: FormKind;
  product: ProductBody | null;
  onClose: () => void;
  onSaved?: (product: ProductBody, isNew: boolean) => void;
  onDeleted?: (id: number) => void;
}) {
  const form = FORMS[kind];
  const [values, setValues] = useState(() => initialValues(product));
  const fields = useFieldErrors();
  const upsert = useUpsertProduct();
  const titleId = `product-form-${kind}`;
  const helperId = useId();
  const [helperOpen, setHelperOpen] = useState(false);
  const [fbaValues, setFbaValues] = useState<FbaHelperValues | null>(null);

  const deletion = useConfirmedDelete({
    remove: useDeleteProduct(),
    id: product?.id ?? null,
    toast: PRODUCT_DELETED,
    onDeleted: (id) => {
      onClose();
      onDeleted?.(id);
    },
    onError: (error) => fields.fromError(error),
    title: 'Delete this product?',
    confirmLabel: 'Delete product',
    message: <>“{product?.title}” and its numbers will be deleted. This cannot be undone.</>,
  });

  const change = (name: FieldName, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    fields.clear(name);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const own = checkFields(kind, values);
    if (Object.keys(own).length > 0) return fields.replace(own);
    // The whole product: the stored values with this form's fields on top (the fees stay as stored).
    const body: ProductInput = product ? { ...product } : {};
    for (const field of form.fields) body[field.name] = values[field.name];
    body.id = product?.id ?? null;
    delete body.additionalFees;
    upsert.mutate(
      { product: body, typeAdditionalFees: product?.typeAdditionalFees ?? 'percentage' },
      {
        onSuccess: ({ product: saved, isNew }) => {
          toast(isNew ? PRODUCT_CREATED : PRODUCT_SAVED, 'success');
          onClose();
          onSaved?.(saved, isNew);
        },
        onError: (error) => fields.fromError(error),
      },
    );
  };

  const banner = unfieldedError(upsert, fields.errors);
  return (
    <FormDialog
      titleId={titleId}
      title={product ? `${form.title}: ${product.title}` : 'Add a Product'}
      maxWidth="md"
      onSubmit={submit}
      onClose={onClose}
      saving={upsert.isPending}
      deletion={deletion}
    >
      {banner && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {banner}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}>
        {form.fields.map((field) => (
          <Box key={field.name} sx={{ gridColumn: field.multiline || field.name === 'title' ? '1 / -1' : undefined }}>
            <FormField
              label={field.required ? `${field.label} *` : field.label}
              name={field.name}
              value={values[field.name]}
              onChange={(event) => change(field.name, event.target.value)}
              error={!!fields.errors[field.name]}
              helperText={fields.errors[field.name]}
              multiline={field.multiline}
              minRows={field.multiline ? 2 : undefined}
              autoFocus={form.fields[0] === field}
              inputProps={
                field.name === 'title' || field.name === 'description'
                  ? undefined
                  : { inputMode: field.whole ? 'numeric' : 'decimal' }
              }
              startAdornment={field.unit === '$' ? <InputAdornment position="start">$</InputAdornment> : undefined}
              endAdornment={
                <InputAdornment position="end">
                  {field.unit === '%' && <Box sx={{ mr: 1 }}>%</Box>}
                  <Help field={field} />
                </InputAdornment>
              }
            />
          </Box>
        ))}
      </Box>
      {kind === 'product' && (
        <Box sx={{ mt: 2.5 }}>
          <Button
            startIcon={<CalculateOutlined />}
            endIcon={helperOpen ? <ExpandLessRounded /> : <ExpandMoreRounded />}
            aria-expanded={helperOpen}
            aria-controls={helperOpen ? helperId : undefined}
            onClick={() => setHelperOpen((open) => !open)}
          >
            Estimate Amazon fees
          </Button>
          {helperOpen && (
            <Box
              id={helperId}
              role="region"
              aria-label="Amazon fee estimate"
              sx={{ mt: 1.5, p: 2, borderRadius: 2, border: 1, borderColor: 'divider' }}
            >
              <Suspense fallback={<CircularProgress size={24} aria-label="Loading the fee helper" />}>
                <FbaFeeHelper
                  values={fbaValues}
                  onChange={setFbaValues}
                  retailPrice={values.amazonRetailPrice}
                  onApply={(fees) => change('amazonFees', fees.toFixed(2))}
                />
              </Suspense>
            </Box>
          )}
        </Box>
      )}
    </FormDialog>
  );
}
