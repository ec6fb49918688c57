import LightbulbRounded from '@mui/icons-material/LightbulbRounded';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Placeholder until this screen is built (no sample data on purpose). */
export default function AiToolkitChatNovaPage() {
  return <PlaceholderPage title="Product Creation Expert" icon={<LightbulbRounded />} subtitle="AI Toolkit" />;
}
