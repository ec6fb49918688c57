import LibraryBooksRounded from '@mui/icons-material/LibraryBooksRounded';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Placeholder until this screen is built (no sample data on purpose). */
export default function ResourcesPage() {
  return <PlaceholderPage title="Resources" icon={<LibraryBooksRounded />} />;
}
