import UploadRounded from '@mui/icons-material/UploadRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  SITE_LINK_DEFAULTS,
  SITE_LINK_KEYS,
  SITE_LINK_LABELS,
  SITE_VIDEO_GROUPS,
  type SiteLinkKey,
  type SiteVideoKey,
} from '@rainmakers/contracts/site-content-constants';
import { useEffect, useRef, useState } from 'react';
import { ApiError, api, errorMessage } from '../../api/client';
import { type SiteContent, useSaveSiteContent, useSiteContent } from '../../api/siteContent';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../components/toast';

const VIDEO_ACCEPT = 'video/mp4,video/webm';
const VIDEO_MAX_BYTES = 50 * 1024 * 1024;

const LINK_HELP: Record<SiteLinkKey, string> = {
  calendarUrl:
    'Where members book coaching (the hidden Move the Needle route and the Rainmaker Calendar card). {token} becomes the member’s e-mail.',
  supportEmail: `Empty: ${SITE_LINK_DEFAULTS.supportEmail}`,
  supportUrl: `Empty: ${SITE_LINK_DEFAULTS.supportUrl}`,
  communityUrl: `Empty: ${SITE_LINK_DEFAULTS.communityUrl}`,
  upgradeUrl: `Empty: ${SITE_LINK_DEFAULTS.upgradeUrl}`,
};

type Draft = { videos: Record<SiteVideoKey, string>; links: Record<SiteLinkKey, string> };

const toDraft = (content: SiteContent): Draft => ({
  videos: Object.fromEntries(Object.entries(content.videos).map(([k, v]) => [k, v ?? ''])) as Draft['videos'],
  links: Object.fromEntries(Object.entries(content.links).map(([k, v]) => [k, v ?? ''])) as Draft['links'],
});

/**
 * /site-content (admins): every video of the product (YouTube, Vimeo or an uploaded MP4/WebM) and the links outside
 * it. Errors show under their field; leaving with unsaved edits asks first (closing or reloading the tab).
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

  const dirty = draft !== null && JSON.stringify(draft) !== saved;
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!dirtyRef.current) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  const setVideo = (key: SiteVideoKey, value: string) =>
    setDraft((d) => (d ? { ...d, videos: { ...d.videos, [key]: value } } : d));
  const setLink = (key: SiteLinkKey, value: string) =>
    setDraft((d) => (d ? { ...d, links: { ...d.links, [key]: value } } : d));

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
        subtitle="The videos members see across the product, and where its outside links lead."
        actions={
          <Button type="submit" variant="contained" disabled={!dirty || save.isPending}>
            {save.isPending ? 'Saving…' : 'Save changes'}
          </Button>
        }
      />
      {draft === null ? (
        <Box role="status" aria-label="Loading the site content">
          <Skeleton variant="rounded" height={160} sx={{ mb: 2 }} />
          <Skeleton variant="rounded" height={320} />
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gap: 3 }}>
          <Card variant="outlined" component="section" aria-labelledby="site-links" sx={{ borderRadius: 3 }}>
            <CardContent sx={{ display: 'grid', gap: 2 }}>
              <Typography id="site-links" variant="h6" component="h2">
                Links
              </Typography>
              {SITE_LINK_KEYS.map((key) => (
                <TextField
                  key={key}
                  id={`link-${key}`}
                  label={SITE_LINK_LABELS[key]}
                  value={draft.links[key]}
                  onChange={(e) => setLink(key, e.target.value)}
                  error={Boolean(errors[`links.${key}`])}
                  helperText={errors[`links.${key}`] || LINK_HELP[key]}
                  type={key === 'supportEmail' ? 'email' : 'url'}
                  fullWidth
                />
              ))}
            </CardContent>
          </Card>
          {SITE_VIDEO_GROUPS.map((group) => (
            <Card
              key={group.title}
              variant="outlined"
              component="section"
              aria-label={group.title}
              sx={{ borderRadius: 3 }}
            >
              <CardContent sx={{ display: 'grid', gap: 2 }}>
                <Typography variant="h6" component="h2">
                  {group.title}
                </Typography>
                {group.videos.map(([key, label]) => (
                  <Box
                    key={key}
                    sx={{
                      display: 'flex',
                      gap: 1,
                      alignItems: 'flex-start',
                      flexDirection: { xs: 'column', sm: 'row' },
                    }}
                  >
                    <TextField
                      id={`video-${key}`}
                      label={label}
                      value={draft.videos[key]}
                      onChange={(e) => setVideo(key, e.target.value)}
                      error={Boolean(errors[`videos.${key}`])}
                      helperText={
                        errors[`videos.${key}`] || 'YouTube or Vimeo address, or an uploaded video. Empty: hidden.'
                      }
                      fullWidth
                    />
                    <Button
                      component="label"
                      variant="outlined"
                      startIcon={<UploadRounded />}
                      disabled={uploading !== null}
                      sx={{ flexShrink: 0, mt: { sm: 1 }, whiteSpace: 'nowrap' }}
                    >
                      {uploading === key ? 'Uploading…' : 'Upload video'}
                      <input
                        hidden
                        type="file"
                        accept={VIDEO_ACCEPT}
                        aria-label={`Upload a video: ${label}`}
                        onChange={(e) => {
                          void upload(key, e.target.files?.[0]);
                          e.target.value = '';
                        }}
                      />
                    </Button>
                  </Box>
                ))}
              </CardContent>
            </Card>
          ))}
        </Box>
      )}
    </Box>
  );
}
