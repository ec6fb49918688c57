import SchoolRounded from '@mui/icons-material/SchoolRounded';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Placeholder until this screen is built (no sample data on purpose). */
export default function CoursesPage() {
  return <PlaceholderPage title="Courses" icon={<SchoolRounded />} />;
}
