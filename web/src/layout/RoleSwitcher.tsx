import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { Role } from '@rainmakers/contracts';
import { useId, useState } from 'react';
import { errorMessage } from '../api/client';
import { toast } from '../components/toast';
import { ROLES } from '../lib/access';
import { useCurrentUser, useSession } from '../session/context';
import { sidebarColors } from '../theme';
import { ROLE_LABELS } from './roles';

/**
 * Admins preview the product as any role (POST /api/auth/switch-role); the account keeps its admin powers to switch
 * back. A native select: light to download, and keyboard and screen-reader friendly on every device.
 */
export default function RoleSwitcher() {
  const user = useCurrentUser();
  const { switchRole } = useSession();
  const [pending, setPending] = useState(false);
  const id = useId();

  const change = async (role: Role) => {
    if (role === user.role) return;
    setPending(true);
    try {
      await switchRole(role);
      toast(`You are now viewing the product as ${ROLE_LABELS[role]}`, 'info');
    } catch (error) {
      toast(errorMessage(error), 'error');
    } finally {
      setPending(false);
    }
  };

  return (
    <FormControl
      fullWidth
      size="small"
      disabled={pending}
      sx={{
        mb: 2,
        '& .MuiInputLabel-root': { color: sidebarColors.muted },
        '& .MuiInputLabel-root.Mui-focused': { color: sidebarColors.accent },
        '& .MuiOutlinedInput-root': {
          bgcolor: 'rgba(255,255,255,0.06)',
          color: '#FFFFFF',
          '& fieldset': { borderColor: 'rgba(255,255,255,0.16)' },
          '&:hover fieldset': { borderColor: 'rgba(255,255,255,0.32)' },
          '&.Mui-focused fieldset': { borderColor: sidebarColors.accent },
        },
        '& .MuiNativeSelect-icon': { color: sidebarColors.muted },
        '& option': { color: 'text.primary', bgcolor: 'background.paper' },
      }}
    >
      <InputLabel htmlFor={id} shrink>
        Viewing as
      </InputLabel>
      <NativeSelect
        id={id}
        value={user.role}
        onChange={(event) => void change(event.target.value as Role)}
        input={<OutlinedInput notched label="Viewing as" />}
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
}
