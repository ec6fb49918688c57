import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import type { SiteLinkKey, SiteVideoKey } from '@rainmakers/contracts/site-content-constants';
import { lazy, Suspense, useEffect, useState } from 'react';
import { ApiError, api, errorMessage } from '../../api/client';
import { type SiteContent, useSaveSiteContent, useSiteContent } from '../../api/siteContent';
import { useLeaveGuard } from '../../components/leaveGuard';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../components/toast';
import type { Draft } from './SiteContentFields';

const loadFields = () => import('./SiteContentFields');
const SiteContentFields = lazy(loadFields);

const VIDEO_MAX_BYTES = 50 * 1024 * 1024;

const toDraft = (content: SiteContent): Draft => ({
  videos: Object.fromEntries(Object.entries(content.videos).map(([k, v]) => [k, v ?? ''])) as Draft['videos'],
  links: Object.fromEntries(Object.entries(content.links).map(([k, v]) => [k, v ?? ''])) as Draft['links'],
  brand: { ...content.brand },
});

const loading = (
  <Box role="status" aria-label="Loading the site content">
    <Skeleton variant="rounded" height={160} sx={{ mb: 2 }} />
    <Skeleton variant="rounded" height={320} />
  </Box>
);

/**
 * /site-content (admins): every video of the product (YouTube, Vimeo or an uploaded MP4/WebM), the links outside
 * it, and the community's name and colour as e-mails show them. Errors show under their field; leaving with unsaved edits asks first (closing or reloading the tab, and the
 * app's own links: useLeaveGuard).
 */
export default function SiteContentPage() {
  const query = useSiteContent();
  const save = useSaveSiteContent();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saved, setSaved] = useState<string>('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState<SiteVideoKey | null>(null);

  useEffect(() => {
    if (query.data && draft === null) {
      const initial = toDraft(query.data.content);
      setDraft(initial);
      setSaved(JSON.stringify(initial));
    }
  }, [query.data, draft]);

  // The form's code downloads alongside the content, from the frame that shows the heading.
  useEffect(() => {
    const frame = requestAnimationFrame(() => void loadFields());
    return () => cancelAnimationFrame(frame);
  }, []);

  const dirty = draft !== null && JSON.stringify(draft) !== saved;
  useLeaveGuard(dirty);

  const setVideo = (key: SiteVideoKey, value: string) =>
    setDraft((d) => (d ? { ...d, videos: { ...d.videos, [key]: value } } : d));
  const setLink = (key: SiteLinkKey, value: string) =>
    setDraft((d) => (d ? { ...d, links: { ...d.links, [key]: value } } : d));

  const setBrand = (key: keyof Draft['brand'], value: string) =>
    setDraft((d) => (d ? { ...d, brand: { ...d.brand, [key]: value } } : d));

  const upload = async (key: SiteVideoKey, file: File | undefined) => {
    if (!file) return;
    if (file.size > VIDEO_MAX_BYTES) {
      setErrors((e) => ({ ...e, [`videos.${key}`]: 'File is too large (max 50 MB)' }));
      return;
    }
    setUploading(key);
    try {
      const form = new FormData();
      form.append('video', file);
      const body = await api<{ latestUploadedFileUrl: string }>('/upload/video', { method: 'POST', body: form });
      setVideo(key, body.latestUploadedFileUrl);
      setErrors((e) => ({ ...e, [`videos.${key}`]: '' }));
      toast('Video uploaded: save to publish it', 'info');
    } catch (error) {
      setErrors((e) => ({ ...e, [`videos.${key}`]: errorMessage(error, 'Error uploading file') }));
    } finally {
      setUploading(null);
    }
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    try {
      const answer = await save.mutateAsync(draft as unknown as SiteContent);
      const next = toDraft(answer.content);
      setDraft(next);
      setSaved(JSON.stringify(next));
      setErrors({});
      toast('Site content saved', 'success');
    } catch (error) {
      if (error instanceof ApiError && error.hasFieldErrors) {
        setErrors(error.errors);
        toast('Nothing was saved: check the highlighted fields', 'error');
      } else {
        toast(`Nothing was saved: ${errorMessage(error)}`, 'error');
      }
    }
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <PageHeader
        title="Site Content"
        subtitle="The videos members see across the product, where its outside links lead, and how its e-mails look."
        actions={
          <Button type="submit" variant="contained" disabled={!dirty || save.isPending}>
            {save.isPending ? 'Saving…' : 'Save changes'}
          </Button>
        }
      />
      {draft === null ? (
        loading
      ) : (
        <Suspense fallback={loading}>
          <SiteContentFields
            draft={draft}
            errors={errors}
            uploading={uploading}
            setVideo={setVideo}
            setLink={setLink}
            setBrand={setBrand}
            upload={(key, file) => void upload(key, file)}
          />
        </Suspense>
      )}
    </Box>
  );
}
