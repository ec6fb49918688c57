import PlayLessonRounded from '@mui/icons-material/PlayLessonRounded';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Placeholder until this screen is built (no sample data on purpose). */
export default function LessonRedirectPage() {
  return <PlaceholderPage title="Lesson" icon={<PlayLessonRounded />} />;
}
