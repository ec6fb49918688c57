import ForumRounded from '@mui/icons-material/ForumRounded';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Placeholder until this screen is built (no sample data on purpose). */
export default function AiToolkitChatPage() {
  return <PlaceholderPage title="Curriculum Coach" icon={<ForumRounded />} subtitle="AI Toolkit" />;
}
