import GroupRounded from '@mui/icons-material/GroupRounded';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Placeholder until this screen is built (no sample data on purpose). */
export default function UsersPage() {
  return <PlaceholderPage title="User Dashboard" icon={<GroupRounded />} />;
}
