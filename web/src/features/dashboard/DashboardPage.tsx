import SpaceDashboardRounded from '@mui/icons-material/SpaceDashboardRounded';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Placeholder until this screen is built (no sample data on purpose). */
export default function DashboardPage() {
  return <PlaceholderPage title="Dashboard" icon={<SpaceDashboardRounded />} />;
}
