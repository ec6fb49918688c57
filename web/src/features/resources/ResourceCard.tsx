import EditRounded from '@mui/icons-material/EditRounded';
import LockRounded from '@mui/icons-material/LockRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { RESOURCE_VISIBILITY_LABELS } from '@rainmakers/contracts/resources-constants';
import { useId, useState } from 'react';
import type { Resource } from '../../api/resources';
import { StaticChip } from '../../components/StaticChip';
import { formatMoney } from '../../lib/dates';
import { ResourceCover } from './ResourceCover';
import { descriptionPreview, openActionOf } from './rules';

export const priceLabel = (price: number | null) => (price === null ? '' : formatMoney(price));

/** What the card's main button says for this resource. */
function actionLabel(resource: Resource): string {
  const action = openActionOf(resource);
  switch (action.kind) {
    case 'purchase-url':
    case 'purchase-dialog':
      return resource.price !== null ? `Buy for ${priceLabel(resource.price)}` : 'Buy';
    case 'new-tab':
      return 'Visit';
    case 'reader':
      return resource.type === 'Video' ? 'Watch' : 'Read';
    case 'course':
      return 'Start course';
    case 'unavailable':
      return 'Unavailable';
  }
}

/**
 * A resource in the grid: cover (a default image without one), type and visibility, title, the description cut at
 * 80 characters with Read More, the open or buy button, and Edit for admins.
 */
export function ResourceCard({
  resource,
  onOpen,
  onEdit,
}: {
  resource: Resource;
  onOpen: (resource: Resource) => void;
  onEdit: (resource: Resource) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const preview = descriptionPreview(resource.description);
  const titleId = useId();
  const descriptionId = useId();
  const locked = !resource.accessible;
  const unavailable = openActionOf(resource).kind === 'unavailable';
  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={titleId}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', borderRadius: 3 }}
    >
      <ResourceCover url={resource.coverPhotoUrl} />
      <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap' }}>
          <StaticChip label={resource.type} />
          {resource.visibility !== 'Free' && (
            <StaticChip
              color={locked ? 'warning' : 'success'}
              variant="outlined"
              icon={locked ? <LockRounded /> : undefined}
              label={
                resource.purchased
                  ? 'Purchased'
                  : RESOURCE_VISIBILITY_LABELS[resource.visibility].replace(/ \(.*\)$/, '')
              }
            />
          )}
          {resource.hidden && <StaticChip variant="outlined" label="Hidden" />}
        </Box>
        <Typography id={titleId} variant="h6" component="h2" sx={{ fontSize: '1.05rem', lineHeight: 1.35 }}>
          {resource.title}
        </Typography>
        <Typography id={descriptionId} variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
          {expanded ? resource.description : preview.text}
        </Typography>
        {preview.cut && (
          <Button
            size="small"
            onClick={() => setExpanded((v) => !v)}
            aria-expanded={expanded}
            aria-controls={descriptionId}
            sx={{ alignSelf: 'flex-start', px: 0.5, minWidth: 0 }}
          >
            {expanded ? 'Read Less' : 'Read More'}
          </Button>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0, gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant={locked ? 'contained' : 'outlined'}
          size="small"
          disabled={unavailable}
          onClick={() => onOpen(resource)}
          aria-label={`${actionLabel(resource)}: ${resource.title}`}
        >
          {actionLabel(resource)}
        </Button>
        {resource.abilities.edit && (
          <Button
            size="small"
            color="inherit"
            startIcon={<EditRounded />}
            onClick={() => onEdit(resource)}
            aria-label={`Edit ${resource.title}`}
            sx={{ ml: 'auto' }}
          >
            Edit
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
