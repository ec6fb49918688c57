import AddPhotoAlternateRounded from '@mui/icons-material/AddPhotoAlternateRounded';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { FIELD_REQUIRED as REQUIRED } from '@rainmakers/contracts/messages';
import {
  isForSaleVisibility,
  RESOURCE_FORM_TYPES,
  RESOURCE_PRICE_TOOLTIP,
  RESOURCE_TOASTS,
  RESOURCE_VISIBILITIES,
  RESOURCE_VISIBILITY_LABELS,
  type ResourceType,
  type ResourceVisibility,
} from '@rainmakers/contracts/resources-constants';
import { type FormEvent, useMemo, useState } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import {
  type Resource,
  type ResourceInput,
  useDeleteResource,
  useResource,
  useResourceCategories,
  useSaveResource,
} from '../../api/resources';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { ImageUploadButton, UploadError, UploadingOverlay, useImageUpload } from '../../components/ImageUpload';
import { OptionPicker, type PickerOption } from '../../components/OptionPicker';
import { TagPicker, tagRefs } from '../../components/TagPicker';
import { toast } from '../../components/toast';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { useFormFields } from '../../components/useFormFields';
import { ResourceCover } from './ResourceCover';

interface Values {
  title: string;
  description: string;
  type: ResourceType;
  visibility: ResourceVisibility;
  url: string;
  content: string;
  price: string;
  purchaseUrl: string;
  coverPhotoUrl: string | null;
  hidden: boolean;
  categories: PickerOption[];
  tags: PickerOption[];
}

function initialValues(resource: Resource | null): Values {
  return {
    title: resource?.title ?? '',
    description: resource?.description ?? '',
    type: resource?.type ?? 'Link',
    visibility: resource?.visibility ?? 'Free',
    url: resource?.url ?? '',
    content: resource?.content ?? '',
    price: resource?.price === null || resource?.price === undefined ? '' : resource.price.toFixed(2),
    purchaseUrl: resource?.purchaseUrl ?? '',
    coverPhotoUrl: resource?.coverPhotoUrl ?? null,
    hidden: resource?.hidden ?? false,
    categories: (resource?.ResourceCategories ?? []).map((c) => ({ id: c.id, name: c.name })),
    tags: tagRefs(resource?.Tags ?? []),
  };
}

/** The fields the form shows; a server error of any other goes in the banner. */
const SHOWN = [
  'title',
  'description',
  'type',
  'visibility',
  'url',
  'content',
  'price',
  'purchaseUrl',
  'categories',
  'tags',
];

/**
 * Add or edit a resource (admins), with the §5 rules: Title and Description required; URL required unless the type
 * is Course; article content only for Article; Price and Purchase URL only when the visibility sells it, with the
 * tooltip. An existing resource is read whole first (lists carry no article body).
 */
export default function ResourceFormDialog({ resource, onClose }: { resource: Resource | null; onClose: () => void }) {
  const full = useResource(resource?.id ?? null);
  if (resource && !full.data) {
    return full.isError ? (
      <LoadFailed message={errorMessage(full.error)} onClose={onClose} />
    ) : (
      <Box role="status" aria-label="Loading resource" />
    );
  }
  return <ResourceForm resource={full.data ?? null} onClose={onClose} />;
}

function LoadFailed({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <FormDialog
      titleId="resource-form-title"
      title="Edit Resource"
      maxWidth="sm"
      onSubmit={(e) => e.preventDefault()}
      onClose={onClose}
      saving={false}
      saveDisabled
    >
      <Alert severity="error">{message}</Alert>
    </FormDialog>
  );
}

function ResourceForm({ resource, onClose }: { resource: Resource | null; onClose: () => void }) {
  const isNew = resource === null;
  const { values, setValue, field, fields } = useFormFields<Values>(() => initialValues(resource), {
    ResourceCategories: 'categories',
    Tags: 'tags',
  });
  const [generalError, setGeneralError] = useState<string | null>(null);
  const save = useSaveResource();
  const categoriesQuery = useResourceCategories();
  const categoryOptions = useMemo(
    () => (categoriesQuery.data ?? []).map((c) => ({ id: c.id, name: c.name })),
    [categoriesQuery.data],
  );
  const upload = useImageUpload((url) => setValue('coverPhotoUrl', url));
  const forSale = isForSaleVisibility(values.visibility);

  const deletion = useConfirmedDelete({
    remove: useDeleteResource(),
    id: resource?.id ?? null,
    toast: RESOURCE_TOASTS.deleted,
    onDeleted: onClose,
    onError: (error) => setGeneralError(errorMessage(error)),
    title: 'Delete this resource?',
    confirmLabel: 'Delete resource',
    message: <>“{resource?.title}” will be removed from the resources. Purchases of it stay on record.</>,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setGeneralError(null);
    const missing: (keyof Values)[] = [];
    if (!values.title.trim()) missing.push('title');
    if (!values.description.trim()) missing.push('description');
    if (values.type !== 'Course' && !values.url.trim()) missing.push('url');
    if (missing.length > 0) {
      for (const key of missing) fields.set(key, REQUIRED);
      return;
    }
    const payload: ResourceInput = {
      id: resource?.id ?? null,
      title: values.title.trim(),
      description: values.description.trim(),
      coverPhotoUrl: values.coverPhotoUrl,
      type: values.type,
      visibility: values.visibility,
      content: values.type === 'Article' ? values.content : null,
      url: values.url.trim() || null,
      purchaseUrl: forSale ? values.purchaseUrl.trim() || null : null,
      price: forSale ? values.price.trim() || null : null,
      hidden: values.hidden,
      ResourceCategories: values.categories.map((c) => c.id),
      Tags: tagRefs(values.tags),
    };
    save.mutate(payload, {
      onSuccess: (body) => {
        toast(body.isNew ? RESOURCE_TOASTS.created : RESOURCE_TOASTS.saved, 'success');
        onClose();
      },
      onError: (error) => {
        fields.fromError(error);
        const unshown =
          error instanceof ApiError
            ? Object.keys(error.errors).filter(
                (key) => !SHOWN.includes(key) && !['ResourceCategories', 'Tags'].includes(key),
              )
            : [];
        if (!(error instanceof ApiError && error.hasFieldErrors) || unshown.length > 0)
          setGeneralError(errorMessage(error));
      },
    });
  };

  return (
    <FormDialog
      titleId="resource-form-title"
      title={isNew ? 'Add New Resource' : 'Edit Resource'}
      maxWidth="md"
      onSubmit={submit}
      onClose={onClose}
      saving={save.isPending}
      saveDisabled={upload.isPending}
      deletion={deletion}
    >
      {generalError && (
        <Alert severity="error" sx={{ mb: 2.5 }}>
          {generalError}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1.4fr) minmax(0, 1fr)' } }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
          <FormField label="Title" required autoFocus={isNew} {...field('title')} />
          <FormField label="Description" required multiline minRows={3} maxRows={8} {...field('description')} />
          <FormControl error={!!fields.errors.type}>
            <FormLabel id="resource-type-label">Type</FormLabel>
            <RadioGroup
              row
              aria-labelledby="resource-type-label"
              name="type"
              value={values.type}
              onChange={(event) => {
                setValue('type', event.target.value as ResourceType);
                fields.clear('url');
              }}
            >
              {RESOURCE_FORM_TYPES.map((type) => (
                <FormControlLabel key={type} value={type} control={<Radio />} label={type} />
              ))}
            </RadioGroup>
            {fields.errors.type && <FormHelperText>{fields.errors.type}</FormHelperText>}
          </FormControl>
          <FormField
            label="URL"
            required={values.type !== 'Course'}
            {...field('url')}
            helperText={
              fields.errors.url ??
              (values.type === 'Course'
                ? 'Optional: the course address (/courses/its-slug). Without it, the course whose slug matches the title opens.'
                : undefined)
            }
          />
          {values.type === 'Article' && (
            <FormField label="Article content (markdown)" multiline minRows={8} maxRows={20} {...field('content')} />
          )}
          <OptionPicker
            label="Categories"
            options={categoryOptions}
            value={values.categories}
            onChange={(next) => setValue('categories', next)}
            loading={categoriesQuery.isLoading}
            error={!!fields.errors.categories}
            helperText={fields.errors.categories}
          />
          <TagPicker
            label="Required Tags"
            value={values.tags}
            onChange={(next) => setValue('tags', next)}
            error={!!fields.errors.tags}
            helperText={
              fields.errors.tags ?? 'Members holding any of these tags can open the resource without buying it.'
            }
          />
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
          <FormControl error={!!fields.errors.visibility}>
            <FormLabel id="resource-visibility-label">Visibility</FormLabel>
            <RadioGroup
              aria-labelledby="resource-visibility-label"
              name="visibility"
              value={values.visibility}
              onChange={(event) => {
                setValue('visibility', event.target.value as ResourceVisibility);
                fields.clear('price');
              }}
            >
              {RESOURCE_VISIBILITIES.map((visibility) => (
                <FormControlLabel
                  key={visibility}
                  value={visibility}
                  control={<Radio />}
                  label={RESOURCE_VISIBILITY_LABELS[visibility]}
                />
              ))}
            </RadioGroup>
            {fields.errors.visibility && <FormHelperText>{fields.errors.visibility}</FormHelperText>}
          </FormControl>
          <FormControlLabel
            control={
              <Checkbox checked={values.hidden} onChange={(event) => setValue('hidden', event.target.checked)} />
            }
            label="Hidden (only admins see it)"
          />
          {forSale && (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                <Typography variant="subtitle2" component="p">
                  Price or Purchase URL
                </Typography>
                <Tooltip title={RESOURCE_PRICE_TOOLTIP} describeChild enterTouchDelay={0}>
                  <IconButton size="small" aria-label={RESOURCE_PRICE_TOOLTIP}>
                    <InfoOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Box>
              <FormField
                label="Price"
                inputMode="decimal"
                placeholder="19.99"
                startAdornment={
                  <Box component="span" sx={{ mr: 0.5 }}>
                    $
                  </Box>
                }
                {...field('price')}
                onChange={(event) => {
                  setValue('price', event.target.value);
                  fields.clear('purchaseUrl');
                }}
              />
              <FormField
                label="Purchase URL"
                {...field('purchaseUrl')}
                onChange={(event) => {
                  setValue('purchaseUrl', event.target.value);
                  fields.clear('price');
                }}
              />
            </Box>
          )}
          <Box>
            <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
              Cover photo
            </Typography>
            <Box sx={{ position: 'relative' }}>
              <ResourceCover url={values.coverPhotoUrl} rounded />
              <UploadingOverlay upload={upload} label="Uploading cover photo" borderRadius={2} />
            </Box>
            <Box sx={{ display: 'flex', gap: 1, mt: 1.25, flexWrap: 'wrap' }}>
              <ImageUploadButton upload={upload} icon={<AddPhotoAlternateRounded />} size="small">
                {values.coverPhotoUrl ? 'Change cover photo' : 'Upload cover photo'}
              </ImageUploadButton>
              {values.coverPhotoUrl && (
                <Button size="small" color="inherit" onClick={() => setValue('coverPhotoUrl', null)}>
                  Remove
                </Button>
              )}
            </Box>
            <UploadError upload={upload} sx={{ mt: 1.25 }} />
          </Box>
        </Box>
      </Box>
    </FormDialog>
  );
}
