import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSiteVideo } from '../../api/siteContent';
import { VideoPlayer } from '../../components/VideoPlayer';
import { DONT_SHOW_MTN_UPGRADE_KEY, MTN_WELCOME_TITLE } from './constants';

/**
 * 'Welcome To The New MTN Tool 2.0': what is new, with 'Don't show again' (stored as `dontShowMTNUpgrade` in local
 * storage when the dialog closes with the box ticked). The welcome video is the admins' (site content 'board-welcome'),
 * loaded only when play is pressed; without one the dialog explains in text.
 */
export default function WelcomeDialog({ onClose }: { onClose: () => void }) {
  const [dontShow, setDontShow] = useState(false);
  const videoUrl = useSiteVideo('board-welcome');
  const close = () => {
    if (dontShow) {
      try {
        window.localStorage.setItem(DONT_SHOW_MTN_UPGRADE_KEY, 'true');
      } catch {
        // Private mode without storage: the dialog shows again next time.
      }
    }
    onClose();
  };
  return (
    <Dialog open onClose={close} maxWidth="sm" fullWidth aria-labelledby="mtn-welcome-title">
      <DialogTitle id="mtn-welcome-title">{MTN_WELCOME_TITLE}</DialogTitle>
      <DialogContent>
        <VideoPlayer url={videoUrl} title="Move the Needle 2.0 video" sx={{ mb: 2 }} />
        <Typography sx={{ mb: 1.5 }}>
          Your Move the Needle board is where your business tasks live. Drag cards from NOT STARTED through IN PROGRESS
          to COMPLETED, and watch your total progress grow.
        </Typography>
        <Typography component="ul" sx={{ pl: 2.5, m: 0, '& li': { mb: 0.75 } }}>
          <li>Open a card for its description, checklists, labels, attachments and comments.</li>
          <li>Mention your coach in a comment and they get an e-mail with a link to the card.</li>
          <li>
            Move cards with the keyboard too: focus a card, press Space to lift it, the arrow keys to move it and Space
            to drop it.
          </li>
          <li>Changes show at once on every screen where your board is open, your coach's included.</li>
        </Typography>
        <FormControlLabel
          sx={{ mt: 2 }}
          control={<Checkbox checked={dontShow} onChange={(e) => setDontShow(e.target.checked)} />}
          label="Don't show again"
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button variant="contained" onClick={close}>
          Get started
        </Button>
      </DialogActions>
    </Dialog>
  );
}
