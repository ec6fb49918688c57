import Drawer from '@mui/material/Drawer';
import { sidebarColors } from '../theme';
import { Sidebar } from './Sidebar';

/** The sidebar as a slide-in drawer for phones and tablets. */
export default function MobileDrawer({ open, onClose, width }: { open: boolean; onClose: () => void; width: number }) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          component: 'nav',
          'aria-label': 'Main',
          sx: { width, border: 0, bgcolor: sidebarColors.background, color: sidebarColors.text },
        },
      }}
    >
      <Sidebar onClose={onClose} />
    </Drawer>
  );
}
