import SearchRounded from '@mui/icons-material/SearchRounded';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useCommunitySearch } from '../../api/dashboard';
import { DashboardCard, OOPS } from './DashboardCard';

/** Debounce of the city or state search (as the other searches of the product). */
const SEARCH_DEBOUNCE_MS = 500;

export const NO_RAINMAKERS = 'No Rainmakers found. Try searching a neighboring city!';

/**
 * Community Search: basic and premium members by city or state, 15 at a time, the next page loading when the end of
 * the list scrolls into view. Members see photo, name, city and state only (the users service's community view);
 * each opens the person's community profile (/community/{id}).
 */
export function CommunitySearch() {
  const [typed, setTyped] = useState('');
  const [cityOrState, setCityOrState] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setCityOrState(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const search = useCommunitySearch(cityOrState);
  const people = search.data?.pages.flatMap((page) => page.users) ?? [];

  const list = useRef<HTMLUListElement | null>(null);
  const end = useRef<HTMLLIElement | null>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = search;
  useEffect(() => {
    const target = end.current;
    if (!target || !hasNextPage) return;
    // Watched inside the list's own scroller, starting a little before its end comes into view.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { root: list.current, rootMargin: '0px 0px 160px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <DashboardCard title="Community Search" titleId="community-search-title">
      <OutlinedInput
        fullWidth
        size="small"
        placeholder="Search by city or state"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        inputProps={{ 'aria-label': 'Search Rainmakers by city or state' }}
        startAdornment={
          <InputAdornment position="start">
            <SearchRounded fontSize="small" />
          </InputAdornment>
        }
        sx={{ mb: 1.5 }}
      />
      {search.isError ? (
        <Typography color="error">{OOPS}</Typography>
      ) : search.isPending ? (
        <Box role="status" aria-label="Loading Rainmakers" sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
          <CircularProgress size={28} aria-label="Loading members" />
        </Box>
      ) : people.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {NO_RAINMAKERS}
        </Typography>
      ) : (
        <Box
          component="ul"
          ref={list}
          aria-labelledby="community-search-title"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            maxHeight: 360,
            overflowY: 'auto',
            display: 'grid',
            gap: 0.5,
          }}
          tabIndex={0}
        >
          {people.map((person) => (
            <Box component="li" key={person.id} data-community-person>
              <Link
                component={RouterLink}
                to={`/community/${person.id}`}
                underline="none"
                color="inherit"
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1.5,
                  py: 0.75,
                  px: 0.5,
                  borderRadius: 1,
                  '&:hover': { bgcolor: 'action.hover' },
                  '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
                }}
              >
                <Avatar src={person.photoUrl ?? undefined} alt="" sx={{ width: 40, height: 40 }}>
                  {person.fullName.slice(0, 1)}
                </Avatar>
                <span>
                  <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                    {person.fullName}
                  </Typography>
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                    {[person.city, person.state].filter(Boolean).join(', ') || 'Location not shared'}
                  </Typography>
                </span>
              </Link>
            </Box>
          ))}
          <Box component="li" ref={end} aria-hidden={!isFetchingNextPage} sx={{ minHeight: 8 }}>
            {isFetchingNextPage && (
              <Box role="status" aria-label="Loading more Rainmakers" sx={{ display: 'grid', placeItems: 'center' }}>
                <CircularProgress size={20} aria-label="Loading more members" />
              </Box>
            )}
          </Box>
        </Box>
      )}
    </DashboardCard>
  );
}
