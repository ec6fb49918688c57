import CloseRounded from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { FilterControls, type FilterControlsProps } from './ResourceFilters';

/**
 * A phone's resource filters: the same controls as the desktop's left column, in a sheet from the bottom
 * of the screen, so the first screen shows the search and the cards instead of every category. Each change applies
 * at once (the cards behind update); 'Show results' or Escape closes it.
 */
export default function ResourceFiltersDrawer({
  open,
  onClose,
  ...controls
}: { open: boolean; onClose: () => void } & FilterControlsProps) {
  return (
    <Drawer
      anchor="bottom"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': 'resource-filters-title',
          sx: { borderTopLeftRadius: 16, borderTopRightRadius: 16, maxHeight: '85dvh' },
        },
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          px: 2,
          pt: 1.5,
          pb: 1,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography id="resource-filters-title" variant="h6" component="h2">
          Filters
        </Typography>
        <IconButton aria-label="Close filters" onClick={onClose}>
          <CloseRounded />
        </IconButton>
      </Box>
      <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2.5, overflowY: 'auto' }}>
        <FilterControls {...controls} />
      </Box>
      <Box sx={{ p: 2, pt: 1, borderTop: 1, borderColor: 'divider' }}>
        <Button variant="contained" fullWidth onClick={onClose}>
          Show results
        </Button>
      </Box>
    </Drawer>
  );
}
