import AutoAwesomeRounded from '@mui/icons-material/AutoAwesomeRounded';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Placeholder until this screen is built (no sample data on purpose). */
export default function AiToolkitPage() {
  return <PlaceholderPage title="AI Toolkit" icon={<AutoAwesomeRounded />} />;
}
