import EventAvailableRounded from '@mui/icons-material/EventAvailableRounded';
import ImageRounded from '@mui/icons-material/ImageRounded';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { DashboardAnswer, DashboardBanner, DashboardSource } from '@rainmakers/contracts';
import type { ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { dashboardApi, useDashboard } from '../../api/dashboard';
import { useSiteLinks } from '../../api/siteContent';
import { PageHeader } from '../../components/PageHeader';
import { ProgressLine } from '../../components/ProgressLine';
import { toast } from '../../components/toast';
import { usePageTitle } from '../../components/usePageTitle';
import { config } from '../../config';
import { clipAtWord, greeting, RECENT_TITLE_CHARS, timeAgo } from '../../lib/timeAgo';
import { VISUALLY_HIDDEN } from '../../lib/visuallyHidden';
import { useCurrentUser } from '../../session/context';
import { BoardDonut } from './BoardDonut';
import { CommunitySearch } from './CommunitySearch';
import { DashboardCard, OOPS } from './DashboardCard';

/** What a card shows while the answer is on its way, or when its source failed. */
function CardState({
  answer,
  failed,
  source,
  children,
}: {
  answer: DashboardAnswer | undefined;
  failed: boolean;
  source: DashboardSource;
  children: (answer: DashboardAnswer) => ReactNode;
}) {
  if (failed || answer?.unavailable.includes(source)) {
    return (
      <Typography color="error" role="alert">
        {OOPS}
      </Typography>
    );
  }
  if (!answer) return <Skeleton variant="rounded" height={56} />;
  return children(answer);
}

/**
 * The dashboard (spec part 2 'Dashboard'): every card's data comes in one call (GET /api/dashboard, started by
 * index.html's script before the app's JS arrives), and a service that fails costs its own card only.
 */
export default function DashboardPage() {
  usePageTitle('Dashboard');
  const user = useCurrentUser();
  const dashboard = useDashboard();
  const answer = dashboard.data;
  const failed = dashboard.isError;
  const basic = !user.can.seeCoachingColumn;

  return (
    <Box>
      <PageHeader title="Dashboard" subtitle={greeting(user.fullName, user.createdAt)} />
      <Banners answer={answer} failed={failed} />
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 2.5 },
          gridTemplateColumns: { xs: '1fr', md: basic ? 'repeat(2, minmax(0, 1fr))' : 'repeat(3, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: { xs: 2, md: 2.5 }, minWidth: 0 }}>
          <DashboardCard title="Course Progress" titleId="card-course-progress" to="/courses">
            <CardState answer={answer} failed={failed} source="courseProgress">
              {({ courseProgress }) =>
                courseProgress && (
                  <>
                    <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.75 }}>
                      <Typography variant="body2" color="text.secondary">
                        {courseProgress.completedLessons} of {courseProgress.lessons} lessons
                      </Typography>
                      <Typography sx={{ fontWeight: 800 }} data-testid="course-progress-percent">
                        {courseProgress.percent}%
                      </Typography>
                    </Box>
                    <ProgressLine
                      value={courseProgress.percent}
                      aria-labelledby="card-course-progress"
                      sx={{ height: 10, borderRadius: 5 }}
                    />
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                      {courseProgress.completedCourses} of {courseProgress.courses}{' '}
                      {courseProgress.courses === 1 ? 'course' : 'courses'} completed
                    </Typography>
                  </>
                )
              }
            </CardState>
          </DashboardCard>
          <DashboardCard title="Total Products" titleId="card-total-products" to="/profit-calculator">
            <CardState answer={answer} failed={failed} source="products">
              {({ productCount }) => (
                <Typography sx={{ fontWeight: 800, fontSize: '2.25rem', lineHeight: 1.1 }} data-testid="product-count">
                  {productCount ?? 0}
                </Typography>
              )}
            </CardState>
          </DashboardCard>
        </Box>
        <Box sx={{ display: 'grid', gap: { xs: 2, md: 2.5 }, minWidth: 0 }}>
          <DashboardCard title="Recent Resources" titleId="card-recent-resources">
            <CardState answer={answer} failed={failed} source="resources">
              {({ recentResources }) => <RecentResources resources={recentResources ?? []} />}
            </CardState>
          </DashboardCard>
          {answer?.averageShippingRate && (
            <DashboardCard
              title="Current Average Shipping Rate"
              titleId="card-shipping-rate"
              href={config.shippingRateUrl}
            >
              <Typography sx={{ fontWeight: 800, fontSize: '2rem', lineHeight: 1.1 }}>
                {formatRate(answer.averageShippingRate)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                per pound, average across our members' inbound shipments
              </Typography>
            </DashboardCard>
          )}
        </Box>
        {!basic && <ThirdColumn answer={answer} failed={failed} />}
      </Box>
      <Box sx={{ mt: { xs: 2, md: 2.5 } }}>
        <CommunitySearch />
      </Box>
      <AddTagsTestButton />
    </Box>
  );
}

function formatRate(rate: string): string {
  const n = Number(rate);
  return Number.isFinite(n) ? `$${n.toFixed(2)}` : rate;
}

function RecentResources({ resources }: { resources: DashboardAnswer['recentResources'] & object }) {
  if (resources.length === 0) {
    return <Typography color="text.secondary">No resources yet.</Typography>;
  }
  return (
    <Box
      component="ul"
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1, maxHeight: 340, overflowY: 'auto' }}
    >
      {resources.map((resource) => (
        <li key={resource.id}>
          <Box
            component={RouterLink}
            to={`/resources?id=${resource.id}`}
            title={resource.title}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1.5,
              color: 'inherit',
              textDecoration: 'none',
              borderRadius: 2,
              p: 0.5,
              '&:hover, &:focus-visible': { bgcolor: 'action.hover' },
            }}
          >
            {resource.coverPhotoUrl ? (
              <Box
                component="img"
                src={resource.coverPhotoUrl}
                alt=""
                loading="lazy"
                sx={{ width: 64, height: 40, objectFit: 'cover', borderRadius: 1.5, flex: '0 0 auto' }}
              />
            ) : (
              <Box
                aria-hidden="true"
                sx={{
                  width: 64,
                  height: 40,
                  borderRadius: 1.5,
                  flex: '0 0 auto',
                  display: 'grid',
                  placeItems: 'center',
                  color: 'primary.main',
                  background: (t) =>
                    `linear-gradient(135deg, ${t.palette.primary.light}33, ${t.palette.secondary.light}55)`,
                }}
              >
                <ImageRounded fontSize="small" />
              </Box>
            )}
            <Box sx={{ minWidth: 0 }}>
              {/* Two lines at most, cut after a whole word with an ellipsis; the full title is read out and shown
                  on hover (titles were cut mid-word). */}
              <Typography
                sx={{
                  // The containing block of the hidden full title, so it never sticks out of the page.
                  position: 'relative',
                  fontWeight: 600,
                  display: '-webkit-box',
                  WebkitLineClamp: 2,
                  WebkitBoxOrient: 'vertical',
                  overflow: 'hidden',
                  overflowWrap: 'normal',
                  wordBreak: 'normal',
                }}
              >
                <span aria-hidden="true">{clipAtWord(resource.title, RECENT_TITLE_CHARS)}</span>
                <Box component="span" sx={VISUALLY_HIDDEN}>
                  {resource.title}
                </Box>
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {timeAgo(resource.createdAt)}
              </Typography>
            </Box>
          </Box>
        </li>
      ))}
    </Box>
  );
}

function ThirdColumn({ answer, failed }: { answer: DashboardAnswer | undefined; failed: boolean }) {
  const { bookingUrl } = useSiteLinks();
  if (answer?.thirdColumn?.kind === 'calendar') {
    return (
      <DashboardCard title="Rainmaker Calendar" titleId="card-calendar" href={bookingUrl ?? undefined}>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
          <EventAvailableRounded color="primary" aria-hidden="true" />
          <Typography variant="body2">Book your coaching calls and live sessions on the Rainmaker Calendar.</Typography>
        </Box>
        {bookingUrl ? (
          <Button
            href={bookingUrl}
            target="_blank"
            rel="noopener noreferrer"
            endIcon={<OpenInNewRounded />}
            sx={{ mt: 1.5 }}
            variant="outlined"
          >
            Open the calendar
          </Button>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            The calendar link is on its way: ask your coach in the meantime.
          </Typography>
        )}
      </DashboardCard>
    );
  }
  return (
    <DashboardCard title="Move The Needle" titleId="card-move-the-needle" to="/move-the-needle">
      <CardState answer={answer} failed={failed} source="board">
        {({ thirdColumn }) =>
          thirdColumn?.kind === 'board' && thirdColumn.board ? <BoardDonut board={thirdColumn.board} /> : null
        }
      </CardState>
    </DashboardCard>
  );
}

function Banners({ answer, failed }: { answer: DashboardAnswer | undefined; failed: boolean }) {
  if (failed || answer?.unavailable.includes('banners')) return null;
  const banners = answer?.banners ?? [];
  if (banners.length === 0) return null;
  return (
    <Box sx={{ display: 'grid', gap: 2, mb: { xs: 2, md: 2.5 } }}>
      {banners.map((banner) => (
        <BannerCard key={banner.id} banner={banner} showType={banners.length > 1} />
      ))}
    </Box>
  );
}

const BANNER_LEVELS: Record<DashboardBanner['type'], string> = {
  basic: 'Basic members',
  premium: 'Premium members',
  'course only': 'Course only members',
};

function BannerCard({ banner, showType }: { banner: DashboardBanner; showType: boolean }) {
  const titleId = `banner-${banner.id}`;
  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      data-banner-type={banner.type}
      sx={{
        p: { xs: 2, sm: 3 },
        borderRadius: 3,
        color: 'primary.contrastText',
        background: (t) => `linear-gradient(120deg, ${t.palette.primary.dark}, ${t.palette.primary.main})`,
      }}
    >
      {showType && (
        <Typography variant="overline" sx={{ opacity: 0.85 }}>
          {BANNER_LEVELS[banner.type]}
        </Typography>
      )}
      <Typography id={titleId} component="h2" sx={{ fontWeight: 800, fontSize: { xs: '1.25rem', sm: '1.5rem' } }}>
        {banner.title}
      </Typography>
      <Typography sx={{ mt: 1, whiteSpace: 'pre-line', maxWidth: 760 }}>{banner.content}</Typography>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', mt: 2 }}>
        <Button
          href={banner.button_url}
          target="_blank"
          rel="noopener noreferrer"
          variant="contained"
          color="secondary"
        >
          {banner.button_text}
        </Button>
        {banner.video_url && (
          <Button
            href={banner.video_url}
            target="_blank"
            rel="noopener noreferrer"
            variant="outlined"
            color="inherit"
            endIcon={<OpenInNewRounded />}
          >
            Watch the video
          </Button>
        )}
      </Box>
    </Box>
  );
}

/**
 * The spec's hidden test button (it posts to the add-tags call): shown to admins only when the address asks for it
 * with `?addTagsTest=<tag id>`, and adds that tag to the admin's own account.
 */
function AddTagsTestButton() {
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const tagId = Number(params.get('addTagsTest'));
  if (!user.can.administer || !Number.isInteger(tagId) || tagId <= 0) return null;
  const run = async () => {
    try {
      await dashboardApi.addTags(user.email, [tagId]);
      toast(`Tag ${tagId} added to ${user.email}`, 'success');
    } catch (error) {
      toast(errorMessage(error), 'error');
    }
  };
  return (
    <Button sx={{ mt: 2 }} variant="text" onClick={() => void run()}>
      Test: add tag {tagId} to my account
    </Button>
  );
}
