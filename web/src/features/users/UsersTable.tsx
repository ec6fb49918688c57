import EditRounded from '@mui/icons-material/EditRounded';
import LoginRounded from '@mui/icons-material/LoginRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import type { User } from '../../api/users';
import { toast } from '../../components/toast';
import { useSession } from '../../session/context';
import { boardLinkState, showsBoardLink } from './boardLink';

const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/**
 * The user dashboard's table: select (admins), Name (full name, id, e-mail), Role (with the premium and basic
 * counts; 'Go to board' on premium rows), Stripe Status, Date Joined, Edit (and Sign in as for admins). Scrolls
 * sideways on narrow screens.
 */
export function UsersTable({
  users,
  premiumCount,
  basicCount,
  selectable,
  selected,
  onSelect,
  onEdit,
}: {
  users: User[];
  premiumCount: number;
  basicCount: number;
  selectable: boolean;
  selected: number[];
  onSelect: (ids: number[]) => void;
  onEdit: (user: User) => void;
}) {
  const { signInAs } = useSession();
  const navigate = useNavigate();
  const [signingIn, setSigningIn] = useState<number | null>(null);
  const allSelected = users.length > 0 && users.every((u) => selected.includes(u.id));
  const toggle = (id: number) => onSelect(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]);

  const becomeUser = async (user: User) => {
    setSigningIn(user.id);
    try {
      await signInAs(user.email);
      navigate('/');
    } catch (error) {
      toast(errorMessage(error), 'error');
      setSigningIn(null);
    }
  };

  return (
    <TableContainer>
      <Table size="small" aria-label="Users" sx={{ minWidth: 760 }}>
        <TableHead>
          <TableRow>
            {selectable && (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allSelected}
                  indeterminate={!allSelected && selected.length > 0}
                  onChange={() => onSelect(allSelected ? [] : users.map((u) => u.id))}
                  slotProps={{ input: { 'aria-label': 'Select all users on this page' } }}
                />
              </TableCell>
            )}
            <TableCell>Name</TableCell>
            <TableCell>
              Role{' '}
              <Typography component="span" variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                (Premium: {premiumCount}, Basic: {basicCount})
              </Typography>
            </TableCell>
            <TableCell>Stripe Status</TableCell>
            <TableCell>Date Joined</TableCell>
            <TableCell align="right">Edit</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((user) => (
            <TableRow key={user.id} hover selected={selected.includes(user.id)} data-user-id={user.id}>
              {selectable && (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={selected.includes(user.id)}
                    onChange={() => toggle(user.id)}
                    slotProps={{ input: { 'aria-label': `Select ${user.fullName}` } }}
                  />
                </TableCell>
              )}
              <TableCell>
                <Typography sx={{ fontWeight: 600 }}>
                  <Link component={RouterLink} to={`/users/${user.id}`} color="inherit">
                    {user.fullName}
                  </Link>
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  #{user.id} · {user.email}
                </Typography>
              </TableCell>
              <TableCell>
                <Box sx={{ textTransform: 'capitalize' }}>{user.role}</Box>
                {showsBoardLink(user) && (
                  <Link
                    component={RouterLink}
                    to={`/move-the-needle/${user.id}`}
                    state={boardLinkState(user.fullName)}
                    variant="body2"
                  >
                    Go to board
                    <Box component="span" sx={visuallyHidden}>
                      {' '}
                      of {user.fullName}
                    </Box>
                  </Link>
                )}
              </TableCell>
              <TableCell>{user.stripeStatus ?? '—'}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateFormat.format(new Date(user.createdAt))}</TableCell>
              <TableCell align="right">
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                  {user.abilities?.signInAs && (
                    <Button
                      size="small"
                      startIcon={<LoginRounded />}
                      loading={signingIn === user.id}
                      onClick={() => void becomeUser(user)}
                      aria-label={`Sign in as ${user.fullName}`}
                      sx={{ whiteSpace: 'nowrap' }}
                    >
                      Sign in as
                    </Button>
                  )}
                  {(user.abilities?.editProfile || user.abilities?.editTags) && (
                    <Button
                      size="small"
                      variant="outlined"
                      startIcon={<EditRounded />}
                      onClick={() => onEdit(user)}
                      aria-label={`Edit ${user.fullName}`}
                    >
                      Edit
                    </Button>
                  )}
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
