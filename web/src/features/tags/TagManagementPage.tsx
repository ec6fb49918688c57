import LocalOfferRounded from '@mui/icons-material/LocalOfferRounded';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Placeholder until this screen is built (no sample data on purpose). */
export default function TagManagementPage() {
  return <PlaceholderPage title="Tag Management" icon={<LocalOfferRounded />} />;
}
