import ViewKanbanRounded from '@mui/icons-material/ViewKanbanRounded';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Placeholder until this screen is built (no sample data on purpose). */
export default function MoveTheNeedlePage() {
  return <PlaceholderPage title="Move The Needle" icon={<ViewKanbanRounded />} />;
}
