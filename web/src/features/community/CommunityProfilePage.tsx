/**
 * /community/{id}: a member as the community sees her — photo, name, city and state, her bio, and the
 * courses she completed when she shows them. Never the e-mail or phone (the API does not send them).
 */
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ApiError, errorMessage } from '../../api/client';
import { type CommunityProfile, useCommunityProfile } from '../../api/community';
import { usePageTitle } from '../../components/usePageTitle';
import { formatDate } from '../../lib/dates';

export const COMMUNITY_MEMBER_NOT_FOUND = 'This member is not in the community.';

export default function CommunityProfilePage() {
  const id = Number(useParams().id);
  const query = useCommunityProfile(id);
  const profile = query.data?.profile;
  usePageTitle(profile ? profile.fullName : 'Community');

  const back = (
    <Link component={RouterLink} to="/" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}>
      <ArrowBackRounded fontSize="small" aria-hidden /> Dashboard
    </Link>
  );
  const invalid = !Number.isInteger(id) || id <= 0;
  if (invalid || query.isError) {
    const missing = invalid || (query.error instanceof ApiError && [400, 403, 404].includes(query.error.status));
    return (
      <Box>
        {back}
        <Alert severity={missing ? 'info' : 'error'}>
          {missing ? COMMUNITY_MEMBER_NOT_FOUND : `This profile could not be loaded. ${errorMessage(query.error)}`}
        </Alert>
      </Box>
    );
  }
  return (
    <Box data-testid="community-profile" sx={{ maxWidth: 720 }}>
      {back}
      {profile ? <Profile profile={profile} /> : <ProfileSkeleton />}
    </Box>
  );
}

function Profile({ profile }: { profile: CommunityProfile }) {
  const place = [profile.city, profile.state].filter(Boolean).join(', ');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}
      >
        <Avatar src={profile.photoUrl ?? undefined} alt="" sx={{ width: 88, height: 88, fontSize: 36 }}>
          {profile.fullName.slice(0, 1)}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {profile.fullName}
          </Typography>
          <Typography color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.5 }}>
            <PlaceOutlined fontSize="small" aria-hidden />
            {place || 'Location not shared'}
          </Typography>
        </Box>
      </Stack>
      <Box component="section" aria-labelledby="community-bio-title" sx={{ mt: 3 }}>
        <Typography id="community-bio-title" variant="h6" component="h2">
          About
        </Typography>
        <Typography
          color={profile.bio ? 'text.primary' : 'text.secondary'}
          sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', mt: 0.5 }}
        >
          {profile.bio || `${profile.fullName} has not written a bio yet.`}
        </Typography>
      </Box>
      {profile.courses && (
        <Box component="section" aria-labelledby="community-courses-title" sx={{ mt: 3 }}>
          <Typography id="community-courses-title" variant="h6" component="h2">
            Courses completed
          </Typography>
          {profile.courses.length === 0 ? (
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              No courses completed yet.
            </Typography>
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'grid', gap: 1 }}>
              {profile.courses.map((course) => (
                <Box component="li" key={course.courseId} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                  <SchoolOutlined fontSize="small" color="primary" aria-hidden />
                  <Typography sx={{ overflowWrap: 'anywhere' }}>
                    {course.courseTitle}
                    <Typography component="span" color="text.secondary">
                      {` · completed ${formatDate(course.completedAt)}`}
                    </Typography>
                  </Typography>
                </Box>
              ))}
            </Box>
          )}
        </Box>
      )}
    </Paper>
  );
}

function ProfileSkeleton() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} role="status" aria-label="Loading profile">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Skeleton variant="circular" width={88} height={88} />
        <Box sx={{ flex: 1 }}>
          <Skeleton width="60%" height={40} />
          <Skeleton width="40%" />
        </Box>
      </Stack>
      <Skeleton sx={{ mt: 3 }} height={80} />
    </Paper>
  );
}
