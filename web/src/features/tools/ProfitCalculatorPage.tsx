import CalculateRounded from '@mui/icons-material/CalculateRounded';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Placeholder until this screen is built (no sample data on purpose). */
export default function ProfitCalculatorPage() {
  return <PlaceholderPage title="Power Profit Tool" icon={<CalculateRounded />} />;
}
