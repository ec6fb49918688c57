import MenuBookRounded from '@mui/icons-material/MenuBookRounded';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Placeholder until this screen is built (no sample data on purpose). */
export default function CoursePage() {
  return <PlaceholderPage title="Course" icon={<MenuBookRounded />} />;
}
