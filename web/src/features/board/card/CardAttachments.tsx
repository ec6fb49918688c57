import AddRounded from '@mui/icons-material/AddRounded';
import AttachFileRounded from '@mui/icons-material/AttachFileRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { type BoardCard, boardApi } from '../../../api/board';
import { UploadError, UploadingOverlay, useImageUpload } from '../../../components/ImageUpload';
import { formatDateTime } from '../../../lib/dates';
import { BOARD_TOASTS } from '../constants';
import { Section } from './CardParts';
import type { Run } from './useCardRun';

export function AttachmentsSection({
  card,
  canEdit,
  run,
  onCover,
}: {
  card: BoardCard;
  canEdit: boolean;
  run: Run;
  onCover: (url: string | null) => Promise<boolean>;
}) {
  const upload = useImageUpload((fileUrl, file) =>
    run(
      () => boardApi.addAttachment({ fileUrl, fileName: file.name || 'image', CardId: card.id }),
      BOARD_TOASTS.attachmentAdded,
    ),
  );
  if (!canEdit && card.Attachments.length === 0) return null;
  return (
    <Section
      title="Attachments"
      icon={<AttachFileRounded fontSize="small" />}
      actions={
        canEdit && (
          <Button
            component="label"
            size="small"
            startIcon={<AddRounded />}
            loading={upload.isPending}
            loadingPosition="start"
          >
            Add attachment
            <input type="file" accept="image/*" hidden onChange={upload.onChange} aria-label="Attachment file" />
          </Button>
        )
      }
    >
      <UploadError upload={upload} sx={{ mb: 1 }} />
      <Box sx={{ position: 'relative' }}>
        {card.Attachments.length === 0 && !upload.isPending && (
          <Typography variant="body2" color="text.secondary">
            No attachments yet
          </Typography>
        )}
        {upload.isPending && <Box sx={{ height: 64 }} />}
        <UploadingOverlay upload={upload} label="Uploading the attachment" borderRadius={8} />
      </Box>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {card.Attachments.map((attachment) => {
          const isCover = card.coverPhotoUrl === attachment.fileUrl;
          return (
            <Box
              component="li"
              key={attachment.id}
              sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}
            >
              <Box
                component="a"
                href={attachment.fileUrl}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Open ${attachment.fileName} in a new tab`}
                sx={{ flex: '0 0 auto' }}
              >
                <Box
                  component="img"
                  src={attachment.fileUrl}
                  alt={attachment.fileName}
                  sx={{ width: 88, height: 60, objectFit: 'cover', borderRadius: 1.5, display: 'block' }}
                />
              </Box>
              <Box sx={{ flex: 1, minWidth: 120 }}>
                <Typography component="div" variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {attachment.fileName}
                  {isCover && <Chip size="small" label="Cover" sx={{ ml: 1 }} />}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  Added {formatDateTime(attachment.createdAt)}
                </Typography>
              </Box>
              <Box sx={{ display: 'flex', gap: 0.5 }}>
                <Button
                  size="small"
                  component="a"
                  href={attachment.fileUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  startIcon={<OpenInNewRounded />}
                  aria-label={`Open ${attachment.fileName}`}
                >
                  Open
                </Button>
                {/* Same-origin files (/upload/files/…): the browser saves them under the attachment's name. */}
                <Button
                  size="small"
                  component="a"
                  href={attachment.fileUrl}
                  download={attachment.fileName}
                  startIcon={<DownloadRounded />}
                  aria-label={`Download ${attachment.fileName}`}
                >
                  Download
                </Button>
              </Box>
              {canEdit && (
                <Box sx={{ display: 'flex', gap: 0.5 }}>
                  <Button size="small" onClick={() => void onCover(isCover ? null : attachment.fileUrl)}>
                    {isCover ? 'Remove Cover' : 'Make Cover'}
                  </Button>
                  <IconButton
                    size="small"
                    aria-label={`Delete attachment ${attachment.fileName}`}
                    onClick={() =>
                      void run(() => boardApi.deleteAttachment(attachment.id), BOARD_TOASTS.attachmentDeleted)
                    }
                  >
                    <DeleteOutlineRounded fontSize="small" />
                  </IconButton>
                </Box>
              )}
            </Box>
          );
        })}
      </Box>
    </Section>
  );
}
