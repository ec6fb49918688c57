import UploadRounded from '@mui/icons-material/UploadRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
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

const VIDEO_ACCEPT = 'video/mp4,video/webm';

const LINK_HELP: Record<SiteLinkKey, string> = {
  calendarUrl:
    'Where members book coaching (the hidden Move the Needle route and the Rainmaker Calendar card). {token} becomes the member’s e-mail.',
  supportEmail: `Empty: ${SITE_LINK_DEFAULTS.supportEmail}`,
  supportUrl: `Empty: ${SITE_LINK_DEFAULTS.supportUrl}`,
  communityUrl: `Empty: ${SITE_LINK_DEFAULTS.communityUrl}`,
  upgradeUrl: `Empty: ${SITE_LINK_DEFAULTS.upgradeUrl}`,
};

export type Draft = {
  videos: Record<SiteVideoKey, string>;
  links: Record<SiteLinkKey, string>;
  brand: { communityName: string; primaryColor: string };
};

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/**
 * The fields of /site-content, loaded while the content is: the page's heading does not wait for the form's MUI
 * parts (text fields, cards), which the screen cannot show before its data anyway.
 */
export default function SiteContentFields({
  draft,
  errors,
  uploading,
  setVideo,
  setLink,
  setBrand,
  upload,
}: {
  draft: Draft;
  errors: Record<string, string>;
  uploading: SiteVideoKey | null;
  setVideo: (key: SiteVideoKey, value: string) => void;
  setLink: (key: SiteLinkKey, value: string) => void;
  setBrand: (key: keyof Draft['brand'], value: string) => void;
  upload: (key: SiteVideoKey, file: File | undefined) => void;
}) {
  return (
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
      <Card variant="outlined" component="section" aria-labelledby="site-emails" sx={{ borderRadius: 3 }}>
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Typography id="site-emails" variant="h6" component="h2">
            E-mails
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Every e-mail the community sends (invitations, receipts, reminders, broadcasts) carries this name in its
            header and footer, and this colour on its header and buttons.
          </Typography>
          <TextField
            id="brand-communityName"
            label="Community name"
            value={draft.brand.communityName}
            onChange={(e) => setBrand('communityName', e.target.value)}
            error={Boolean(errors['brand.communityName'])}
            helperText={errors['brand.communityName'] || 'At most 80 characters'}
            fullWidth
          />
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
            <TextField
              id="brand-primaryColor"
              label="Colour"
              value={draft.brand.primaryColor}
              onChange={(e) => setBrand('primaryColor', e.target.value)}
              error={Boolean(errors['brand.primaryColor'])}
              helperText={errors['brand.primaryColor'] || 'As #rrggbb, or pick it'}
              sx={{ maxWidth: 240 }}
            />
            <Box
              component="input"
              type="color"
              aria-label="Pick the e-mail colour"
              value={HEX_COLOUR.test(draft.brand.primaryColor) ? draft.brand.primaryColor : '#1d4ed8'}
              onChange={(e: React.ChangeEvent<HTMLInputElement>) => setBrand('primaryColor', e.target.value)}
              sx={{
                width: 56,
                height: 56,
                p: 0.5,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                bgcolor: 'background.paper',
                cursor: 'pointer',
              }}
            />
          </Box>
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
                      upload(key, e.target.files?.[0]);
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
  );
}
