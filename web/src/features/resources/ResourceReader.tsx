import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { RESOURCE_NOT_FOUND } from '@rainmakers/contracts/resources-constants';
import { Link as RouterLink } from 'react-router-dom';
import { ApiError, errorMessage } from '../../api/client';
import { type Resource, useResource } from '../../api/resources';
import { Markdown } from '../../components/Markdown';
import { priceLabel } from './ResourceCard';
import { ResourceCover } from './ResourceCover';
import { embedUrlOf, openActionOf } from './rules';

/**
 * The in-app reader of an Article (its markdown, sanitised as lessons are) or a Video (the player), with 'back to
 * resources'. A resource the person may not open shows its description and the way to buy it.
 */
export default function ResourceReader({
  id,
  onBack,
  onBuy,
}: {
  id: number;
  onBack: () => void;
  onBuy: (resource: Resource) => void;
}) {
  const query = useResource(id);
  const resource = query.data;
  return (
    <Box component="section" aria-label="Resource">
      <Button startIcon={<ArrowBackRounded />} onClick={onBack} sx={{ mb: 2 }}>
        back to resources
      </Button>
      {query.isLoading ? (
        <Box role="status" aria-label="Loading resource">
          <Skeleton variant="text" sx={{ fontSize: '2rem', maxWidth: 420 }} />
          <Skeleton variant="rounded" height={220} sx={{ mt: 2 }} />
        </Box>
      ) : query.isError || !resource ? (
        <Alert severity="error">
          {query.error instanceof ApiError && query.error.status === 404
            ? RESOURCE_NOT_FOUND
            : errorMessage(query.error)}
        </Alert>
      ) : (
        <Box component="article" aria-labelledby="resource-title" sx={{ maxWidth: 820 }}>
          <Box sx={{ display: 'flex', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
            <Chip size="small" label={resource.type} />
            {resource.ResourceCategories.map((c) => (
              <Chip key={c.id} size="small" variant="outlined" label={c.name} />
            ))}
          </Box>
          <Typography id="resource-title" variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, mb: 1 }}>
            {resource.title}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {resource.description}
          </Typography>
          {!resource.accessible ? (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
              <ResourceCover url={resource.coverPhotoUrl} rounded />
              <Alert severity="info" sx={{ width: '100%' }}>
                This is a paid upgrade. Buy it to open it.
              </Alert>
              <Button variant="contained" onClick={() => onBuy(resource)}>
                {resource.price !== null ? `Buy for ${priceLabel(resource.price)}` : 'Buy'}
              </Button>
            </Box>
          ) : resource.type === 'Video' ? (
            <VideoPlayer url={resource.url} title={resource.title} />
          ) : resource.type === 'Link' || resource.type === 'Course' ? (
            <OpenElsewhere resource={resource} />
          ) : (
            <Markdown source={resource.content ?? ''} label={resource.title} />
          )}
        </Box>
      )}
    </Box>
  );
}

function VideoPlayer({ url, title }: { url: string | null; title: string }) {
  const embed = url ? embedUrlOf(url) : null;
  if (embed) {
    return (
      <Box sx={{ position: 'relative', aspectRatio: '16 / 9', borderRadius: 2, overflow: 'hidden', bgcolor: 'black' }}>
        <Box
          component="iframe"
          src={embed}
          title={title}
          loading="lazy"
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
        />
      </Box>
    );
  }
  return url ? (
    <Button variant="contained" href={url} target="_blank" rel="noopener noreferrer" endIcon={<OpenInNewRounded />}>
      Open the video
    </Button>
  ) : (
    <Alert severity="info">This video has no address yet.</Alert>
  );
}

/** A link or a course opened by its address (/resources?id=, e.g. from the dashboard): the way there. */
function OpenElsewhere({ resource }: { resource: Resource }) {
  const action = openActionOf(resource);
  if (action.kind === 'new-tab') {
    return (
      <Button
        variant="contained"
        href={action.url}
        target="_blank"
        rel="noopener noreferrer"
        endIcon={<OpenInNewRounded />}
      >
        Visit
      </Button>
    );
  }
  if (action.kind === 'course') {
    return (
      <Button variant="contained" component={RouterLink} to={action.path}>
        Start course
      </Button>
    );
  }
  return <Alert severity="info">This resource has no address yet.</Alert>;
}
