/**
 * The icons of the staff's screens (users, review queue, tags, analytics, banners, site content, broadcasts): only
 * coaches and admins see those entries, so members' first load does not carry their drawings (Sidebar loads this
 * file when it shows one of them).
 */

import BarChartRounded from '@mui/icons-material/BarChartRounded';
import ForumRounded from '@mui/icons-material/ForumRounded';
import GroupRounded from '@mui/icons-material/GroupRounded';
import LocalOfferRounded from '@mui/icons-material/LocalOfferRounded';
import RateReviewRounded from '@mui/icons-material/RateReviewRounded';
import VideoSettingsRounded from '@mui/icons-material/VideoSettingsRounded';
import ViewCarouselRounded from '@mui/icons-material/ViewCarouselRounded';
import type { ReactNode } from 'react';
import type { StaffNavItemId } from '../lib/navigation';

const ICONS: Record<StaffNavItemId, ReactNode> = {
  users: <GroupRounded />,
  reviewQueue: <RateReviewRounded />,
  tagManagement: <LocalOfferRounded />,
  analytics: <BarChartRounded />,
  dashboardBanners: <ViewCarouselRounded />,
  siteContent: <VideoSettingsRounded />,
  // The community's forum icon (messages to members).
  broadcasts: <ForumRounded />,
};

export default function StaffNavIcon({ id }: { id: StaffNavItemId }) {
  return ICONS[id];
}
