import AddRounded from '@mui/icons-material/AddRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { BANNER_TYPE_LABELS, BANNER_TYPES, type BannerType } from '@rainmakers/contracts/resources-constants';
import { lazy, Suspense, useState } from 'react';
import { type Banner, type BannerList, useBanners } from '../../api/resources';
import { PageHeader } from '../../components/PageHeader';
import { formatMoney } from '../../lib/dates';

const BannerFormDialog = lazy(() => import('./BannerFormDialog'));

const KEY_OF: Record<BannerType, keyof Omit<BannerList, 'abilities'>> = {
  basic: 'basic',
  premium: 'premium',
  'course only': 'courseOnly',
};

const money = (value: number) => formatMoney(value);

/**
 * /dashboard-banners (admins): the dashboard banner of each membership level (basic, premium, course only), one per
 * level, with Create, Edit and Delete. The dashboard that shows them to members comes with the dashboard screen.
 */
export default function DashboardBannersPage() {
  const banners = useBanners();
  const [editing, setEditing] = useState<{ type: BannerType; banner: Banner | null } | null>(null);

  return (
    <Box>
      <PageHeader
        title="Dashboard Banners"
        subtitle="One banner per membership level, shown on the members' dashboard."
      />
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, sm: 3 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        {BANNER_TYPES.map((type) => {
          const banner = banners.data?.[KEY_OF[type]] ?? null;
          const label = BANNER_TYPE_LABELS[type];
          return (
            <Card
              key={type}
              variant="outlined"
              component="section"
              aria-labelledby={`banner-${KEY_OF[type]}`}
              sx={{ borderRadius: 3, display: 'flex', flexDirection: 'column' }}
            >
              <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1.25 }}>
                <Typography id={`banner-${KEY_OF[type]}`} variant="h6" component="h2">
                  {label} banner
                </Typography>
                {banners.isLoading ? (
                  <Box role="status" aria-label={`Loading the ${label.toLowerCase()} banner`}>
                    <Skeleton variant="text" />
                    <Skeleton variant="text" width="60%" />
                  </Box>
                ) : banner ? (
                  <>
                    <Typography sx={{ fontWeight: 700 }}>{banner.title}</Typography>
                    <Typography
                      variant="body2"
                      color="text.secondary"
                      sx={{ whiteSpace: 'pre-line', wordBreak: 'break-word' }}
                    >
                      {banner.content}
                    </Typography>
                    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                      <Chip size="small" variant="outlined" label={banner.button_text} />
                      <Link
                        href={banner.button_url}
                        target="_blank"
                        rel="noopener noreferrer"
                        variant="body2"
                        sx={{ wordBreak: 'break-all' }}
                      >
                        {banner.button_url}
                      </Link>
                    </Box>
                    {banner.video_url && (
                      <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                        Video: {banner.video_url}
                      </Typography>
                    )}
                    {banner.average_shipping_rate !== null && (
                      <Typography variant="body2">
                        Average shipping rate: {money(banner.average_shipping_rate)}
                      </Typography>
                    )}
                  </>
                ) : (
                  <Typography color="text.secondary">No banner yet</Typography>
                )}
              </CardContent>
              {banners.data?.abilities.edit && (
                <CardActions sx={{ px: 2, pb: 2 }}>
                  <Button
                    variant={banner ? 'outlined' : 'contained'}
                    size="small"
                    startIcon={banner ? <EditRounded /> : <AddRounded />}
                    onClick={() => setEditing({ type, banner })}
                    aria-label={`${banner ? 'Edit' : 'Create'} the ${label.toLowerCase()} banner`}
                  >
                    {banner ? 'Edit' : 'Create'}
                  </Button>
                </CardActions>
              )}
            </Card>
          );
        })}
      </Box>
      {editing && (
        <Suspense fallback={null}>
          <BannerFormDialog type={editing.type} banner={editing.banner} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </Box>
  );
}
