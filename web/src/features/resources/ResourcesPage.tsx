import AddRounded from '@mui/icons-material/AddRounded';
import TuneRounded from '@mui/icons-material/TuneRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  NO_RESOURCES,
  RESOURCE_LIST_TYPES,
  RESOURCE_SEARCH_DEBOUNCE_MS,
} from '@rainmakers/contracts/resources-constants';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  type Resource,
  type ResourceCategory,
  useReloadResources,
  useResourceCategories,
  useResources,
} from '../../api/resources';
import { LazyLinearProgress } from '../../components/LazyMui';
import { PageHeader } from '../../components/PageHeader';
import { SearchInput } from '../../components/SearchInput';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { ResourceCard } from './ResourceCard';
import { FilterControls, type FilterControlsProps } from './ResourceFilters';
import { type AddressState, openActionOf, parseAddress, toAddress } from './rules';

/** The reader brings the markdown renderer (marked, DOMPurify): loaded when an article or a video opens. */
const ResourceReader = lazy(() => import('./ResourceReader'));
const ResourceFormDialog = lazy(() => import('./ResourceFormDialog'));
const CategoryFormDialog = lazy(() => import('./CategoryFormDialog'));
const PurchaseDialog = lazy(() => import('../../components/billing/PurchaseDialog'));
/** A phone's filters, opened from the 'Filters' button. */
const ResourceFiltersDrawer = lazy(() => import('./ResourceFiltersDrawer'));
// My Purchases' amounts, days and receipt links: fetched only on that view.
const PurchaseList = lazy(() => import('./PurchaseList'));

type ResourceForm = { resource: Resource | null } | null;
type CategoryForm = { category: ResourceCategory | null } | null;

/**
 * /resources (spec part 2 "Resources screen"): a left column with 'Search Resources' (500 ms), the type radio group,
 * the category checkboxes (admins: Add Category, edit, delete) and 'Recommend A Resource/ Service Here'; the main area
 * shows the card grid, the article reader with 'back to resources', or 'No resources found.'. The query (id,
 * repeated categories, type) lives in the address, changed without a reload.
 */
export default function ResourcesPage() {
  const [params, setParams] = useSearchParams();
  const address = parseAddress(params);
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), RESOURCE_SEARCH_DEBOUNCE_MS);
  const resources = useResources({ categories: address.categories, type: address.type, search: debouncedSearch });
  const categories = useResourceCategories();
  const reload = useReloadResources();
  const [resourceForm, setResourceForm] = useState<ResourceForm>(null);
  const [categoryForm, setCategoryForm] = useState<CategoryForm>(null);
  const [buying, setBuying] = useState<Resource | null>(null);

  // From the address as it is when the change applies, so two quick clicks both count.
  const go = useCallback(
    (next: Partial<AddressState>) =>
      setParams((current) => new URLSearchParams(toAddress({ ...parseAddress(current), ...next }))),
    [setParams],
  );

  const open = (resource: Resource) => {
    const action = openActionOf(resource);
    switch (action.kind) {
      case 'new-tab':
      case 'purchase-url':
        window.open(action.url, '_blank', 'noopener,noreferrer');
        return;
      case 'reader':
        go({ id: resource.id });
        window.scrollTo({ top: 0 });
        return;
      case 'course':
        navigate(action.path);
        return;
      case 'purchase-dialog':
        setBuying(resource);
        return;
      case 'unavailable':
        return;
    }
  };

  const list = resources.data?.resources ?? [];
  const abilities = resources.data?.abilities;

  return (
    <Box>
      <PageHeader
        title="Resources"
        actions={
          abilities?.createResource && (
            <Button variant="contained" startIcon={<AddRounded />} onClick={() => setResourceForm({ resource: null })}>
              Add New Resource
            </Button>
          )
        }
      />
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 3, md: 4 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '260px minmax(0, 1fr)', lg: '280px minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Filters
          search={search}
          onSearch={setSearch}
          type={address.type}
          onType={(type) => go({ type, id: null })}
          selected={address.categories}
          onToggleCategory={(id, checked) =>
            setParams((current) => {
              const now = parseAddress(current);
              const categories = checked ? [...now.categories, id] : now.categories.filter((c) => c !== id);
              return new URLSearchParams(toAddress({ ...now, categories, id: null }));
            })
          }
          categories={categories.data ?? []}
          categoriesLoading={categories.isLoading}
          canAddCategory={abilities?.createCategory ?? false}
          onAddCategory={() => setCategoryForm({ category: null })}
          onEditCategory={(category) => setCategoryForm({ category })}
        />
        <Box component="section" aria-label="Resources" sx={{ minWidth: 0 }}>
          {address.id !== null ? (
            <Suspense
              fallback={
                <Box role="status" aria-label="Loading resource">
                  <Skeleton variant="rounded" height={240} />
                </Box>
              }
            >
              <ResourceReader id={address.id} onBack={() => go({ id: null })} onBuy={open} />
            </Suspense>
          ) : (
            <>
              {address.type === 'my-purchases' && (
                <Suspense fallback={null}>
                  <PurchaseList />
                </Suspense>
              )}
              <ResourceGrid
                loading={resources.isLoading}
                fetching={resources.isFetching}
                failed={resources.isError}
                resources={list}
                onOpen={open}
                onEdit={(resource) => setResourceForm({ resource })}
              />
            </>
          )}
        </Box>
      </Box>
      <Suspense fallback={null}>
        {resourceForm && <ResourceFormDialog resource={resourceForm.resource} onClose={() => setResourceForm(null)} />}
        {categoryForm && (
          <CategoryFormDialog
            category={categoryForm.category}
            onClose={() => setCategoryForm(null)}
            onDeleted={(id) =>
              setParams((current) => {
                const now = parseAddress(current);
                return new URLSearchParams(toAddress({ ...now, categories: now.categories.filter((c) => c !== id) }));
              })
            }
          />
        )}
        {buying && (
          <PurchaseDialog
            open
            resource={{ id: buying.id, title: buying.title, price: buying.price }}
            onClose={() => setBuying(null)}
            onPurchased={() => {
              // The bought item opens, read again now that she owns it.
              const id = buying.id;
              void reload();
              go({ id });
              window.scrollTo({ top: 0 });
            }}
          />
        )}
      </Suspense>
    </Box>
  );
}

function Filters({
  search,
  onSearch,
  ...controls
}: { search: string; onSearch: (value: string) => void } & FilterControlsProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const [drawer, setDrawer] = useState<'closed' | 'open' | 'unloaded'>('unloaded');
  const active = controls.selected.length + (controls.type === RESOURCE_LIST_TYPES[0] ? 0 : 1);

  return (
    <Paper
      component="aside"
      aria-label="Filters"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 3, display: 'flex', flexDirection: 'column', gap: 2.5 }}
    >
      <SearchInput
        value={search}
        onChange={onSearch}
        label="Search Resources"
        placeholder="Search Resources"
        clearLabel="Clear the search"
        disabled={false}
        small
      />
      {phone ? (
        <>
          <Button
            variant="outlined"
            startIcon={<TuneRounded />}
            onClick={() => setDrawer('open')}
            aria-haspopup="dialog"
            aria-expanded={drawer === 'open'}
            sx={{ alignSelf: 'flex-start' }}
          >
            {active > 0 ? `Filters (${active})` : 'Filters'}
          </Button>
          {drawer !== 'unloaded' && (
            <Suspense fallback={null}>
              <ResourceFiltersDrawer open={drawer === 'open'} onClose={() => setDrawer('closed')} {...controls} />
            </Suspense>
          )}
        </>
      ) : (
        <FilterControls {...controls} />
      )}
    </Paper>
  );
}

function ResourceGrid({
  loading,
  fetching,
  failed,
  resources,
  onOpen,
  onEdit,
}: {
  loading: boolean;
  fetching: boolean;
  /** §8: a failed read shows no message; loading only stops. */
  failed: boolean;
  resources: Resource[];
  onOpen: (resource: Resource) => void;
  onEdit: (resource: Resource) => void;
}) {
  const grid = {
    display: 'grid',
    gap: { xs: 2, sm: 2.5 },
    gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' },
  };
  if (loading) {
    return (
      <Box sx={grid} role="status" aria-label="Loading resources">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={320} sx={{ borderRadius: 3 }} />
        ))}
      </Box>
    );
  }
  return (
    <Box sx={{ position: 'relative' }}>
      {fetching && (
        <LazyLinearProgress aria-label="Loading resources" sx={{ position: 'absolute', top: -12, left: 0, right: 0 }} />
      )}
      {failed ? null : resources.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 5, textAlign: 'center', borderRadius: 3 }}>
          <Typography color="text.secondary">{NO_RESOURCES}</Typography>
        </Paper>
      ) : (
        <Box sx={grid}>
          {resources.map((resource) => (
            <ResourceCard key={resource.id} resource={resource} onOpen={onOpen} onEdit={onEdit} />
          ))}
        </Box>
      )}
    </Box>
  );
}
