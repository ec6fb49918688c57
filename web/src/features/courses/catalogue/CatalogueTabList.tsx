import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useRef } from 'react';
import { errorMessage } from '../../../api/client';
import { type CatalogueKindKey, type CatalogueResponse, useCatalogueTab } from '../../../api/courses';

/** Start loading the next page this far before the end of the list comes into view. */
const PREFETCH_MARGIN = '800px 0px';

/**
 * One kind's tab of the catalogue, a page at a time: the next page loads when the end of the list comes near
 * (IntersectionObserver), or with the 'Load more' button (keyboard users, browsers without the observer). A polite
 * live region says how many are shown.
 */
export function CatalogueTabList({
  search,
  only,
  noun,
  render,
  empty,
  loading,
}: {
  search: string;
  only: CatalogueKindKey;
  /** Plural, for "Showing 12 of 40 courses". */
  noun: string;
  /** The grid of cards for the loaded answers (pages in order). */
  render: (pages: readonly CatalogueResponse[]) => ReactNode;
  empty: ReactNode;
  loading: ReactNode;
}) {
  const list = useCatalogueTab(search, only, { enabled: true });
  const sentinel = useRef<HTMLDivElement | null>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: PREFETCH_MARGIN },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (list.isError && !list.data) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => list.refetch()}>
            Try again
          </Button>
        }
      >
        {errorMessage(list.error, 'We could not load the courses.')}
      </Alert>
    );
  }
  if (!list.data) return <>{loading}</>;
  const pages = list.data.pages;
  const shown = pages.reduce((sum, page) => sum + page[only].length, 0);
  const total = pages.at(-1)?.counts[only] ?? shown;
  if (shown === 0) return <>{empty}</>;

  return (
    <>
      {render(pages)}
      <Box ref={sentinel} aria-hidden="true" sx={{ height: 1 }} />
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5, mt: 3 }}>
        <Typography role="status" aria-live="polite" variant="body2" color="text.secondary">
          Showing {shown} of {total} {noun}
        </Typography>
        {hasNextPage && (
          <Button
            variant="outlined"
            onClick={() => void fetchNextPage()}
            disabled={isFetchingNextPage}
            startIcon={isFetchingNextPage ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {isFetchingNextPage ? 'Loading more…' : 'Load more'}
          </Button>
        )}
        {list.isFetchNextPageError && (
          <Alert severity="error">{errorMessage(list.error, 'We could not load more results.')}</Alert>
        )}
      </Box>
    </>
  );
}
