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
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { SortOrder, UserSort } from '@rainmakers/contracts';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import type { User } from '../../api/users';
import { toast } from '../../components/toast';
import { formatDate } from '../../lib/dates';
import { VISUALLY_HIDDEN } from '../../lib/visuallyHidden';
import { useSession } from '../../session/context';
import { boardLinkState, showsBoardLink } from './boardLink';
import { SignInStatus } from './SignInStatus';

/** A row with the sign-in facts the invitations work adds to the record (absent until then). */
type Row = User & { invitedAt?: string | null; lastSignInAt?: string | null };

/**
 * The user dashboard's table: select (admins), Name (full name, id, e-mail; long ones cut with an ellipsis, whole in
 * their title), Role (with the counts of what the person sees; 'Go to board' on premium rows), Stripe Status, Date
 * Joined, Last sign-in, Edit (and Sign in as for admins). Name, Role, Date Joined and (admins) Stripe Status sort
 * the list. Scrolls sideways on narrow screens.
 */
export function UsersTable({
  users,
  counts,
  selectable,
  selected,
  onSelect,
  onEdit,
  sort,
  order,
  onSort,
  paymentSortable,
}: {
  users: User[];
  /** e.g. '(Premium: 31, Basic: 4)': the counts of the people the person may see. */
  counts: string;
  selectable: boolean;
  selected: number[];
  onSelect: (ids: number[]) => void;
  onEdit: (user: User) => void;
  sort: UserSort;
  order: SortOrder;
  onSort: (column: UserSort) => void;
  /** Admins sort by payment status; for others it is a plain column. */
  paymentSortable: boolean;
}) {
  const { signInAs } = useSession();
  const navigate = useNavigate();
  const [signingIn, setSigningIn] = useState<number | null>(null);
  const allSelected = users.length > 0 && users.every((u) => selected.includes(u.id));
  const someSelected = users.some((u) => selected.includes(u.id));
  const onPage = new Set(users.map((u) => u.id));
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
      <Table size="small" aria-label="Users" sx={{ minWidth: 860 }}>
        <TableHead>
          <TableRow>
            {selectable && (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allSelected}
                  indeterminate={!allSelected && someSelected}
                  onChange={() =>
                    onSelect(
                      allSelected
                        ? selected.filter((id) => !onPage.has(id))
                        : [...new Set([...selected, ...users.map((u) => u.id)])],
                    )
                  }
                  slotProps={{ input: { 'aria-label': 'Select all users on this page' } }}
                />
              </TableCell>
            )}
            <TableCell sortDirection={sort === 'name' ? order : false}>
              <SortHeader column="name" label="Name" sort={sort} order={order} onSort={onSort} />
            </TableCell>
            <TableCell sortDirection={sort === 'role' ? order : false}>
              <SortHeader column="role" label="Role" sort={sort} order={order} onSort={onSort} />{' '}
              <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                {counts}
              </Typography>
            </TableCell>
            <TableCell sortDirection={paymentSortable && sort === 'payment' ? order : false}>
              {paymentSortable ? (
                <SortHeader column="payment" label="Stripe Status" sort={sort} order={order} onSort={onSort} />
              ) : (
                'Stripe Status'
              )}
            </TableCell>
            <TableCell sortDirection={sort === 'joined' ? order : false} sx={{ whiteSpace: 'nowrap' }}>
              <SortHeader column="joined" label="Date Joined" sort={sort} order={order} onSort={onSort} />
            </TableCell>
            <TableCell>Last sign-in</TableCell>
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
              <TableCell sx={{ maxWidth: { xs: 200, xl: 280 } }}>
                <Typography noWrap sx={{ fontWeight: 600 }}>
                  <Link component={RouterLink} to={`/users/${user.id}`} color="inherit" title={user.fullName}>
                    {user.fullName}
                  </Link>
                </Typography>
                <Typography noWrap variant="body2" color="text.secondary" title={user.email}>
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
                    <Box component="span" sx={VISUALLY_HIDDEN}>
                      {' '}
                      of {user.fullName}
                    </Box>
                  </Link>
                )}
              </TableCell>
              <TableCell>{user.stripeStatus ?? '—'}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(user.createdAt)}</TableCell>
              <TableCell>
                <SignInStatus invitedAt={(user as Row).invitedAt} lastSignInAt={(user as Row).lastSignInAt} />
              </TableCell>
              <TableCell align="right">
                {/* One above the other up to 1536 px, so the Edit column fits beside the sidebar at 1366 px. */}
                <Stack
                  direction={{ xs: 'row', md: 'column', xl: 'row' }}
                  spacing={1}
                  sx={{ justifyContent: 'flex-end', alignItems: { md: 'flex-end', xl: 'center' } }}
                >
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

/** A column header that sorts the list (the same column again flips the order). */
function SortHeader({
  column,
  label,
  sort,
  order,
  onSort,
}: {
  column: UserSort;
  label: string;
  sort: UserSort;
  order: SortOrder;
  onSort: (column: UserSort) => void;
}) {
  const active = sort === column;
  return (
    <TableSortLabel
      active={active}
      direction={active ? order : column === 'joined' ? 'desc' : 'asc'}
      onClick={() => onSort(column)}
    >
      {label}
      {active && (
        <Box component="span" sx={VISUALLY_HIDDEN}>
          {order === 'asc' ? ' (sorted ascending)' : ' (sorted descending)'}
        </Box>
      )}
    </TableSortLabel>
  );
}
