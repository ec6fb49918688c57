import AddRounded from '@mui/icons-material/AddRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type User, useUserList } from '../../api/users';
import { PageHeader } from '../../components/PageHeader';
import { type TabItem, TabStrip } from '../../components/TabStrip';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { readTab, type UsersTab, writeTab } from './auditState';
import {
  isFiltered,
  listFilters,
  matchQuery,
  peopleCount,
  readListState,
  SEARCH_DEBOUNCE_MS,
  type UserListState,
  writeListState,
} from './listState';

/**
 * The list itself (filters, table, pages, bulk actions), dialogs and admin tools are their own downloads: the heading
 * shows with the page's first, small file (the first-load budget).
 */
const USERS_TABS: readonly TabItem<UsersTab>[] = [
  { value: 'users', label: 'Users' },
  { value: 'jobs', label: 'Jobs' },
  { value: 'audit', label: 'Audit log' },
];

const loadUsersList = () => import('./UsersList');
const UsersList = lazy(loadUsersList);

/**
 * True once the page has painted its heading: the list's code is asked for then (after the next frame), so the
 * heading is not held up by it (the data call itself starts at once, with the page).
 */
function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        void loadUsersList().then(() => setPainted(true));
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer) clearTimeout(timer);
    };
  }, []);
  return painted;
}
const UserFormDialog = lazy(() => import('./UserFormDialog').then((m) => ({ default: m.UserFormDialog })));
const AdminTools = lazy(() => import('./AdminTools'));
const AuditLog = lazy(() => import('./AuditLog'));
const JobsTab = lazy(() => import('./JobsTab'));

const listLoading = (
  <Box sx={{ p: 4 }} role="status" aria-label="Loading users">
    <Typography color="text.secondary">Loading users…</Typography>
  </Box>
);

/** The form open on the page: a new person, or an existing one. */
type OpenForm = { kind: 'new' } | { kind: 'edit'; user: User } | null;

/**
 * /users (admins and coaches): search, filters and sort, the table of people with their counts, numbered pages, the
 * user form, and for admins the Options menu and the bulk actions. Page, size, search, filters and sort live in the
 * address.
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
    filters: listFilters(state),
    sort: state.sort,
    order: state.order,
  });
  const [form, setForm] = useState<OpenForm>(null);
  const listReady = useAfterFirstPaint();
  const body = list.data;
  const manage = body?.abilities.manage === true;
  // The Audit log and Jobs tabs keep their own state in the address (auditState.ts).
  const tab = manage ? readTab(params) : 'users';
  const exportQuery = matchQuery(state);
  const exportNote = !body
    ? undefined
    : isFiltered(state)
      ? `Exporting ${peopleCount(body.totalCount)} matching your filters`
      : `Exporting everyone (${peopleCount(body.totalCount)})`;

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
                  exportHref={exportQuery ? `/api/user/export?${exportQuery}` : '/api/user/export'}
                  exportNote={exportNote}
                />
              </Suspense>
            )}
          </Stack>
        }
      />
      {manage && (
        <TabStrip
          value={tab}
          onChange={(value) => setParams((current) => writeTab(current, value))}
          label="User dashboard sections"
          sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
          tabs={USERS_TABS}
        />
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
        <Suspense fallback={listLoading}>
          {listReady ? (
            <UsersList
              state={state}
              setState={setState}
              input={input}
              onInput={setInput}
              list={list}
              manage={manage}
              onEdit={(user) => setForm({ kind: 'edit', user })}
            />
          ) : (
            listLoading
          )}
        </Suspense>
      )}
      {form && (
        <Suspense fallback={null}>
          <UserFormDialog user={form.kind === 'edit' ? form.user : null} onClose={() => setForm(null)} />
        </Suspense>
      )}
    </Box>
  );
}
