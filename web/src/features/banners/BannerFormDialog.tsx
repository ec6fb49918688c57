import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { FIELD_REQUIRED as REQUIRED } from '@rainmakers/contracts/messages';
import { BANNER_TOASTS, BANNER_TYPE_LABELS, type BannerType } from '@rainmakers/contracts/resources-constants';
import { type FormEvent, useState } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import { type Banner, type BannerInput, useDeleteBanner, useSaveBanner } from '../../api/resources';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { toast } from '../../components/toast';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { useFormFields } from '../../components/useFormFields';

interface Values {
  title: string;
  content: string;
  video_url: string;
  button_text: string;
  button_url: string;
  average_shipping_rate: string;
}

const SHOWN = ['title', 'content', 'video_url', 'button_text', 'button_url', 'average_shipping_rate'];

/**
 * Create or edit the banner of one membership level (§5 Banner: title, content, button text and button URL
 * required; video url optional; average shipping rate for premium banners only), or delete it after a confirmation.
 */
export default function BannerFormDialog({
  type,
  banner,
  onClose,
}: {
  type: BannerType;
  banner: Banner | null;
  onClose: () => void;
}) {
  const { values, field, fields } = useFormFields<Values>(() => ({
    title: banner?.title ?? '',
    content: banner?.content ?? '',
    video_url: banner?.video_url ?? '',
    button_text: banner?.button_text ?? '',
    button_url: banner?.button_url ?? '',
    average_shipping_rate:
      banner?.average_shipping_rate === null || banner?.average_shipping_rate === undefined
        ? ''
        : banner.average_shipping_rate.toFixed(2),
  }));
  const [generalError, setGeneralError] = useState<string | null>(null);
  const save = useSaveBanner();
  const label = BANNER_TYPE_LABELS[type];
  const deletion = useConfirmedDelete({
    remove: useDeleteBanner(),
    id: banner ? type : null,
    toast: BANNER_TOASTS.deleted,
    onDeleted: onClose,
    onError: (error) => setGeneralError(errorMessage(error)),
    title: 'Delete banner',
    confirmLabel: 'Delete',
    message: `Are you sure you want to delete the ${label.toLowerCase()} banner?`,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setGeneralError(null);
    const required: (keyof Values)[] = ['title', 'content', 'button_text', 'button_url'];
    const missing = required.filter((key) => !values[key].trim());
    if (missing.length > 0) {
      for (const key of missing) fields.set(key, REQUIRED);
      return;
    }
    const payload: BannerInput = {
      type,
      title: values.title.trim(),
      content: values.content.trim(),
      video_url: values.video_url.trim() || null,
      button_text: values.button_text.trim(),
      button_url: values.button_url.trim(),
      average_shipping_rate: type === 'premium' ? values.average_shipping_rate.trim() || null : null,
    };
    save.mutate(payload, {
      onSuccess: (body) => {
        toast(body.isNew ? BANNER_TOASTS.created : BANNER_TOASTS.updated, 'success');
        onClose();
      },
      onError: (error) => {
        fields.fromError(error);
        const unshown =
          error instanceof ApiError ? Object.keys(error.errors).filter((key) => !SHOWN.includes(key)) : [];
        if (!(error instanceof ApiError && error.hasFieldErrors) || unshown.length > 0)
          setGeneralError(errorMessage(error));
      },
    });
  };

  return (
    <FormDialog
      titleId="banner-form-title"
      title={`${banner ? 'Edit' : 'Create'} ${label} Banner`}
      maxWidth="sm"
      onSubmit={submit}
      onClose={onClose}
      saving={save.isPending}
      deletion={deletion}
    >
      {generalError && (
        <Alert severity="error" sx={{ mb: 2.5 }}>
          {generalError}
        </Alert>
      )}
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <FormField label="Title" required autoFocus {...field('title')} />
        <FormField label="Content" required multiline minRows={3} maxRows={8} {...field('content')} />
        <FormField
          label="Video URL"
          {...field('video_url')}
          helperText={fields.errors.video_url ?? 'Optional: a YouTube or Vimeo address.'}
        />
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <FormField label="Button text" required {...field('button_text')} />
          <FormField label="Button URL" required {...field('button_url')} />
        </Box>
        {type === 'premium' && (
          <FormField
            label="Average shipping rate"
            inputMode="decimal"
            placeholder="0.62"
            startAdornment={
              <Box component="span" sx={{ mr: 0.5 }}>
                $
              </Box>
            }
            {...field('average_shipping_rate')}
            helperText={
              fields.errors.average_shipping_rate ?? 'Optional. Shown to premium members and admins on the dashboard.'
            }
          />
        )}
      </Stack>
    </FormDialog>
  );
}
