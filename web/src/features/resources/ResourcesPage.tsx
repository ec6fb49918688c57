import AddRounded from '@mui/icons-material/AddRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  NO_RESOURCES,
  RESOURCE_LIST_TYPE_LABELS,
  RESOURCE_LIST_TYPES,
  RESOURCE_SEARCH_DEBOUNCE_MS,
  type ResourceListType,
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
import { PageHeader } from '../../components/PageHeader';
import { SearchInput } from '../../components/SearchInput';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { config } from '../../config';
import { ResourceCard } from './ResourceCard';
import { type AddressState, openActionOf, parseAddress, toAddress } from './rules';

/** The reader brings the markdown renderer (marked, DOMPurify): loaded when an article or a video opens. */
const ResourceReader = lazy(() => import('./ResourceReader'));
const ResourceFormDialog = lazy(() => import('./ResourceFormDialog'));
const CategoryFormDialog = lazy(() => import('./CategoryFormDialog'));
const PurchaseDialog = lazy(() => import('../billing/PurchaseDialog'));

/** Categories a phone shows before 'See more categories'. */
const PHONE_CATEGORY_COUNT = 3;

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
            <ResourceGrid
              loading={resources.isLoading}
              fetching={resources.isFetching}
              failed={resources.isError}
              resources={list}
              onOpen={open}
              onEdit={(resource) => setResourceForm({ resource })}
            />
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
              // The bought item opens (issue 21), read again now that she owns it.
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
  type,
  onType,
  selected,
  onToggleCategory,
  categories,
  categoriesLoading,
  canAddCategory,
  onAddCategory,
  onEditCategory,
}: {
  search: string;
  onSearch: (value: string) => void;
  type: ResourceListType;
  onType: (type: ResourceListType) => void;
  selected: number[];
  onToggleCategory: (id: number, checked: boolean) => void;
  categories: ResourceCategory[];
  categoriesLoading: boolean;
  canAddCategory: boolean;
  onAddCategory: () => void;
  onEditCategory: (category: ResourceCategory) => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const [allCategories, setAllCategories] = useState(false);
  const shown = phone && !allCategories ? categories.slice(0, PHONE_CATEGORY_COUNT) : categories;

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
      <FormControl>
        <FormLabel id="resource-type-filter">Show</FormLabel>
        <RadioGroup
          aria-labelledby="resource-type-filter"
          name="resource-type"
          value={type}
          onChange={(event) => onType(event.target.value as ResourceListType)}
        >
          {RESOURCE_LIST_TYPES.map((value) => (
            <FormControlLabel
              key={value}
              value={value}
              control={<Radio size="small" />}
              label={RESOURCE_LIST_TYPE_LABELS[value]}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <FormControl component="fieldset">
        <FormLabel component="legend">Categories</FormLabel>
        {categoriesLoading ? (
          <Box role="status" aria-label="Loading categories">
            <Skeleton variant="text" />
            <Skeleton variant="text" />
          </Box>
        ) : categories.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            No categories yet
          </Typography>
        ) : (
          <Box id="resource-category-list" sx={{ display: 'flex', flexDirection: 'column' }}>
            {shown.map((category) => (
              <Box key={category.id} sx={{ display: 'flex', alignItems: 'center', minWidth: 0 }}>
                <FormControlLabel
                  sx={{ flexGrow: 1, minWidth: 0, mr: 0, '& .MuiFormControlLabel-label': { wordBreak: 'break-word' } }}
                  control={
                    <Checkbox
                      size="small"
                      checked={selected.includes(category.id)}
                      onChange={(event) => onToggleCategory(category.id, event.target.checked)}
                    />
                  }
                  label={category.name}
                />
                {category.abilities.edit && (
                  <IconButton
                    size="small"
                    aria-label={`Edit category ${category.name}`}
                    onClick={() => onEditCategory(category)}
                  >
                    <EditRounded fontSize="small" />
                  </IconButton>
                )}
              </Box>
            ))}
          </Box>
        )}
        {phone && categories.length > PHONE_CATEGORY_COUNT && (
          <Button
            size="small"
            onClick={() => setAllCategories((v) => !v)}
            aria-expanded={allCategories}
            aria-controls="resource-category-list"
            sx={{ alignSelf: 'flex-start', mt: 0.5 }}
          >
            {allCategories ? 'See less categories' : 'See more categories'}
          </Button>
        )}
        {canAddCategory && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<AddRounded />}
            onClick={onAddCategory}
            sx={{ alignSelf: 'flex-start', mt: 1 }}
          >
            Add Category
          </Button>
        )}
      </FormControl>
      <Button
        variant="contained"
        color="secondary"
        href={config.recommendResourceUrl}
        target="_blank"
        rel="noopener noreferrer"
        endIcon={<OpenInNewRounded />}
      >
        Recommend A Resource/ Service Here
      </Button>
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
        <LinearProgress aria-label="Loading resources" sx={{ position: 'absolute', top: -12, left: 0, right: 0 }} />
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
