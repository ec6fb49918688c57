import FactCheckRounded from '@mui/icons-material/FactCheckRounded';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Placeholder until this screen is built (no sample data on purpose). */
export default function ProductQualifierPage() {
  return <PlaceholderPage title="Product Qualifier Tool" icon={<FactCheckRounded />} />;
}
