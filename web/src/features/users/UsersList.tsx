/**
 * The Users tab of /users, its own download (the page's heading shows before it): search, filters (role, tag,
 * payment status, join date; all in the address), the table with sortable headers, numbered pages, a selection that
 * is kept across pages with "Select all N matching", and (admins) the bulk actions on it.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Role } from '@rainmakers/contracts';
import { ROLES } from '@rainmakers/contracts/access';
import { lazy, Suspense, useEffect, useState } from 'react';
import { errorMessage } from '../../api/client';
import { useTags } from '../../api/tags';
import type { User, UserListBody } from '../../api/users';
import { Chip, Tooltip } from '../../components/LazyMui';
import { SearchInput } from '../../components/SearchInput';
import type { BulkSelection } from './BulkActions';
import {
  isFiltered,
  listFilters,
  matchKey,
  nextSort,
  PAGE_SIZES,
  PAYMENT_PROBLEMS_FILTER,
  type PaymentFilter,
  pageCount,
  peopleCount,
  rangeText,
  UNPAID_FILTER,
  type UserListState,
} from './listState';
import { UsersTable } from './UsersTable';

const BulkActions = lazy(() => import('./BulkActions'));

export const SUB_PROBLEMS_LABEL = 'Sub. Problems: unpaid only';
export const SUB_PROBLEMS_HINT =
  'Members whose subscription is unpaid. Past due and incomplete subscriptions also block access: see “Payment problems”.';
export const PAYMENT_PROBLEMS_LABEL = 'Payment problems';
export const PAYMENT_PROBLEMS_HINT =
  'Every subscription that blocks access: unpaid, past due, incomplete and incomplete (expired).';

export default function UsersList({
  state,
  setState,
  input,
  onInput,
  list,
  manage,
  onEdit,
}: {
  state: UserListState;
  setState: (change: Partial<UserListState>) => void;
  input: string;
  onInput: (value: string) => void;
  list: { data?: UserListBody; isError: boolean; error: unknown; isFetching: boolean; isLoading: boolean };
  /** Admins: payment filters, role filter, selection and bulk actions. */
  manage: boolean;
  onEdit: (user: User) => void;
}) {
  const body = list.data;
  const users = body?.users ?? [];
  const total = body?.totalCount ?? 0;
  const [selected, setSelected] = useState<number[]>([]);
  const [allMatching, setAllMatching] = useState(false);
  const tags = useTags(true);
  const match = matchKey(state);
  // A selection belongs to one match: kept across pages, sizes and sorts; cleared when the filters change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared whenever the match changes
  useEffect(() => {
    setSelected([]);
    setAllMatching(false);
  }, [match]);

  const pageIds = users.map((u) => u.id);
  const pageSelected = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  const selection: BulkSelection | null = allMatching
    ? {
        kind: 'all',
        count: total,
        target: { filter: { ...(state.search ? { search: state.search } : {}), filters: listFilters(state) } },
      }
    : selected.length > 0
      ? { kind: 'ids', ids: selected }
      : null;
  const clearSelection = () => {
    setSelected([]);
    setAllMatching(false);
  };
  const payment = manage ? state.filter : null;
  const counts = manage
    ? `(Premium: ${body?.premiumCount ?? 0}, Basic: ${body?.basicCount ?? 0})`
    : `(Premium: ${body?.premiumCount ?? 0})`;

  return (
    <>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' } }}>
        <Box sx={{ flex: 1, maxWidth: { md: 420 } }}>
          <SearchInput
            value={input}
            onChange={onInput}
            label="Search Users"
            placeholder="Search Users"
            clearLabel="Clear the search"
            disabled={false}
            small
          />
        </Box>
        {payment === UNPAID_FILTER && (
          <Tooltip title={SUB_PROBLEMS_HINT} describeChild>
            <Chip label={SUB_PROBLEMS_LABEL} color="warning" onDelete={() => setState({ filter: null })} />
          </Tooltip>
        )}
        {payment === PAYMENT_PROBLEMS_FILTER && (
          <Tooltip title={PAYMENT_PROBLEMS_HINT} describeChild>
            <Chip label={PAYMENT_PROBLEMS_LABEL} color="warning" onDelete={() => setState({ filter: null })} />
          </Tooltip>
        )}
      </Stack>
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'flex-end' }}
        role="group"
        aria-label="Filters"
      >
        {manage && (
          <Filter id="users-filter-role" label="Role">
            <NativeSelect
              value={state.role ?? ''}
              onChange={(event) => setState({ role: (event.target.value || null) as Role | null })}
              inputProps={{ id: 'users-filter-role' }}
            >
              <option value="">Any role</option>
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {role}
                </option>
              ))}
            </NativeSelect>
          </Filter>
        )}
        <Filter id="users-filter-tag" label="Tag">
          <NativeSelect
            value={state.tagId ?? ''}
            onChange={(event) => setState({ tagId: event.target.value ? Number(event.target.value) : null })}
            inputProps={{ id: 'users-filter-tag' }}
            sx={{ maxWidth: 200 }}
          >
            <option value="">Any tag</option>
            {(tags.data ?? []).map((tag) => (
              <option key={tag.id} value={tag.id}>
                {tag.name}
              </option>
            ))}
          </NativeSelect>
        </Filter>
        {manage && (
          <Filter id="users-filter-payment" label="Payment status">
            <NativeSelect
              value={state.filter ?? ''}
              onChange={(event) => setState({ filter: (event.target.value || null) as PaymentFilter | null })}
              inputProps={{ id: 'users-filter-payment' }}
            >
              <option value="">Any payment status</option>
              <option value={PAYMENT_PROBLEMS_FILTER}>Payment problems (any blocking status)</option>
              <option value={UNPAID_FILTER}>Sub. Problems (unpaid only)</option>
            </NativeSelect>
          </Filter>
        )}
        <Filter id="users-filter-from" label="Joined from">
          <OutlinedInput
            type="date"
            size="small"
            value={state.from ?? ''}
            onChange={(event) => setState({ from: event.target.value || null })}
            inputProps={{ id: 'users-filter-from', max: state.to ?? undefined }}
          />
        </Filter>
        <Filter id="users-filter-to" label="Joined until">
          <OutlinedInput
            type="date"
            size="small"
            value={state.to ?? ''}
            onChange={(event) => setState({ to: event.target.value || null })}
            inputProps={{ id: 'users-filter-to', min: state.from ?? undefined }}
          />
        </Filter>
        {isFiltered(state) && (
          <Button
            onClick={() =>
              setState({ search: '', filter: null, role: null, tagId: null, from: null, to: null, page: 1 })
            }
          >
            Clear filters
          </Button>
        )}
      </Stack>
      {manage && (selection || (pageSelected && total > pageIds.length)) && (
        <Paper variant="outlined" sx={{ p: 1.5, mb: 2 }}>
          <Stack spacing={1}>
            {(pageSelected || allMatching) && total > pageIds.length && (
              <Typography variant="body2">
                {allMatching ? (
                  <>
                    All {peopleCount(total)} matching are selected, on every page.{' '}
                    <Button size="small" onClick={clearSelection}>
                      Clear selection
                    </Button>
                  </>
                ) : (
                  <>
                    {selected.length === pageIds.length
                      ? `All ${pageIds.length} on this page are selected.`
                      : `${peopleCount(selected.length)} selected.`}{' '}
                    <Button size="small" onClick={() => setAllMatching(true)}>
                      Select all {total} matching
                    </Button>
                  </>
                )}
              </Typography>
            )}
            {selection && (
              <Suspense fallback={null}>
                <BulkActions selection={selection} onDone={clearSelection} />
              </Suspense>
            )}
          </Stack>
        </Paper>
      )}
      {list.isError && !body && <Alert severity="error">{errorMessage(list.error)}</Alert>}
      <Typography variant="body2" color="text.secondary" sx={{ display: { md: 'none' }, mb: 1 }}>
        Scroll the table sideways to see every column.
      </Typography>
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
            {payment === UNPAID_FILTER && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                Nobody's subscription is unpaid. Past due and incomplete subscriptions are under “Payment problems”.
              </Typography>
            )}
          </Box>
        ) : (
          <UsersTable
            users={users}
            counts={counts}
            selectable={manage}
            selected={allMatching ? pageIds : selected}
            onSelect={(ids) => {
              setAllMatching(false);
              setSelected(ids);
            }}
            onEdit={onEdit}
            sort={state.sort}
            order={state.order}
            onSort={(column) => setState(nextSort(state, column))}
            paymentSortable={manage}
          />
        )}
      </Paper>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ mt: 2, alignItems: { md: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography color="text.secondary" aria-live="polite">
          {body ? rangeText(state.page, state.size, users.length, total) : ''}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
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
          <Pagination
            count={pageCount(state.size, total)}
            page={Math.min(state.page, pageCount(state.size, total))}
            onChange={(_, page) => setState({ page })}
            siblingCount={1}
            boundaryCount={1}
            color="primary"
            shape="rounded"
            aria-label="Pages of users"
          />
        </Stack>
      </Stack>
    </>
  );
}

/** A filter control with its visible label above it. */
function Filter({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <Stack spacing={0.5}>
      <Typography component="label" htmlFor={id} variant="body2" color="text.secondary">
        {label}
      </Typography>
      {children}
    </Stack>
  );
}
