import AddRounded from '@mui/icons-material/AddRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import NativeSelect from '@mui/material/NativeSelect';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { type User, useUserList } from '../../api/users';
import { Chip } from '../../components/LazyMui';
import { PageHeader } from '../../components/PageHeader';
import { SearchInput } from '../../components/SearchInput';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { readTab, type UsersTab, writeTab } from './auditState';
import {
  PAGE_SIZES,
  pagerState,
  rangeText,
  readListState,
  SEARCH_DEBOUNCE_MS,
  type UserListState,
  writeListState,
} from './listState';
import { UsersTable } from './UsersTable';

/** Dialogs and admin tools are their own downloads. */
const UserFormDialog = lazy(() => import('./UserFormDialog').then((m) => ({ default: m.UserFormDialog })));
const AdminTools = lazy(() => import('./AdminTools'));
const AuditLog = lazy(() => import('./AuditLog'));
const JobsTab = lazy(() => import('./JobsTab'));

/** The form open on the page: a new person, or an existing one. */
type OpenForm = { kind: 'new' } | { kind: 'edit'; user: User } | null;

/**
 * /users (admins and coaches): search, the table of people with their counts, pagination, the user form, and for
 * admins the Options menu and the bulk role change. Page, size, search and filter live in the address.
 */
export default function UsersPage() {
  const [params, setParams] = useSearchParams();
  const state = readListState(params);
  const setState = (change: Partial<UserListState>) =>
    setParams((current) => writeListState(current, change), { replace: change.search !== undefined });

  const [input, setInput] = useState(state.search);
  const debounced = useDebouncedValue(input, SEARCH_DEBOUNCE_MS);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new debounced value writes the address
  useEffect(() => {
    if (debounced.trim() !== state.search) setState({ search: debounced });
  }, [debounced]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only an address change rewrites the box
  useEffect(() => {
    if (state.search !== debounced.trim()) setInput(state.search);
  }, [state.search]);

  const list = useUserList({
    page: state.page,
    usersPerPage: state.size,
    search: state.search,
    stripeStatus: state.filter,
  });
  const [selected, setSelected] = useState<number[]>([]);
  const [form, setForm] = useState<OpenForm>(null);
  const body = list.data;
  const users = body?.users ?? [];
  const manage = body?.abilities.manage === true;
  const pager = pagerState(state.page, state.size, body?.totalCount ?? 0);
  // The Audit log and Jobs tabs keep their own state in the address (auditState.ts).
  const tab = manage ? readTab(params) : 'users';

  // A selection belongs to the rows on screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared whenever the page of rows changes
  useEffect(() => setSelected([]), [state.page, state.size, state.search, state.filter]);

  return (
    <Box>
      <PageHeader
        title="User Dashboard"
        actions={
          <Stack direction="row" spacing={1}>
            {body?.abilities.create && (
              <Button variant="contained" startIcon={<AddRounded />} onClick={() => setForm({ kind: 'new' })}>
                Add new User
              </Button>
            )}
            {manage && (
              <Suspense fallback={null}>
                <AdminTools
                  part="menu"
                  unpaidFilter={state.filter === 'unpaid'}
                  onUnpaidFilter={(on) => setState({ filter: on ? 'unpaid' : null })}
                  selected={selected}
                  onRolesChanged={() => setSelected([])}
                />
              </Suspense>
            )}
          </Stack>
        }
      />
      {manage && (
        <Tabs
          value={tab}
          onChange={(_, value: UsersTab) => setParams((current) => writeTab(current, value))}
          aria-label="User dashboard sections"
          sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="users" label="Users" />
          <Tab value="jobs" label="Jobs" />
          <Tab value="audit" label="Audit log" />
        </Tabs>
      )}
      {tab === 'audit' ? (
        <Suspense fallback={null}>
          <AuditLog />
        </Suspense>
      ) : tab === 'jobs' ? (
        <Suspense fallback={null}>
          <JobsTab />
        </Suspense>
      ) : (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
            <Box sx={{ flex: 1, maxWidth: { sm: 420 } }}>
              <SearchInput
                value={input}
                onChange={setInput}
                label="Search Users"
                placeholder="Search Users"
                clearLabel="Clear the search"
                disabled={false}
                small
              />
            </Box>
            {state.filter === 'unpaid' && (
              <Chip label="Sub. Problems" color="warning" onDelete={() => setState({ filter: null })} />
            )}
            {manage && selected.length > 0 && (
              <Suspense fallback={null}>
                <AdminTools part="bulk-role" selected={selected} onRolesChanged={() => setSelected([])} />
              </Suspense>
            )}
          </Stack>
          {list.isError && !body && <Alert severity="error">{errorMessage(list.error)}</Alert>}
          <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
            {list.isFetching && (
              <LinearProgress aria-label="Loading users" sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
            )}
            {!body && list.isLoading ? (
              <Box sx={{ p: 4 }} role="status" aria-label="Loading users">
                <Typography color="text.secondary">Loading users…</Typography>
              </Box>
            ) : users.length === 0 ? (
              <Box sx={{ p: 5, textAlign: 'center' }}>
                <Typography color="text.secondary">No users</Typography>
              </Box>
            ) : (
              <UsersTable
                users={users}
                premiumCount={body?.premiumCount ?? 0}
                basicCount={body?.basicCount ?? 0}
                selectable={manage}
                selected={selected}
                onSelect={setSelected}
                onEdit={(user) => setForm({ kind: 'edit', user })}
              />
            )}
          </Paper>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ mt: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
          >
            <Typography color="text.secondary" aria-live="polite">
              {body ? rangeText(state.page, state.size, users.length, body.totalCount) : ''}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              {/* A native select: MUI's Select would bring its Menu and Modal into the page's first load. */}
              <Typography component="label" htmlFor="users-page-size" variant="body2" color="text.secondary">
                Rows per page
              </Typography>
              <NativeSelect
                value={state.size}
                onChange={(event) => setState({ size: Number(event.target.value) })}
                inputProps={{ id: 'users-page-size' }}
                sx={{ minWidth: 64 }}
              >
                {PAGE_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </NativeSelect>
              <Button
                variant="outlined"
                disabled={pager.previousDisabled}
                onClick={() => setState({ page: state.page - 1 })}
              >
                Previous
              </Button>
              <Button
                variant="outlined"
                disabled={pager.nextDisabled}
                onClick={() => setState({ page: state.page + 1 })}
              >
                Next
              </Button>
            </Stack>
          </Stack>
        </>
      )}
      {form && (
        <Suspense fallback={null}>
          <UserFormDialog user={form.kind === 'edit' ? form.user : null} onClose={() => setForm(null)} />
        </Suspense>
      )}
    </Box>
  );
}
