/**
 * A qualifier question's Learn More video in a dialog, its own file: fetched when a member opens it, so MUI's Dialog
 * and Modal are not part of the page's first load.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { SiteVideoKey } from '@rainmakers/contracts/site-content-constants';
import { VideoFacade } from '../../components/VideoFacade';

export function LearnMoreDialog({
  number,
  titleId,
  video,
  onClose,
}: {
  number: number;
  titleId: string;
  video: SiteVideoKey;
  onClose: () => void;
}) {
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Question {number}</DialogTitle>
      <DialogContent>
        <VideoFacade videoKey={video} title={`Learn more: question ${number}`} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
