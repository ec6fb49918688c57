import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { catalogueQuery, SEARCH_PARAM } from './catalogue/catalogue';
import { CATALOGUE_SEARCH_DEBOUNCE_MS } from './constants';

/**
 * A search box kept in the address (`?search=`, so it survives moving between pages and the back button): typing
 * writes the address once it pauses (debounced, replacing the history entry); the address (back button, a link)
 * writes the box. `search` is the address's search, trimmed; `params`/`setParams` are the address query.
 */
export function useAddressSearch() {
  const [params, setParams] = useSearchParams();
  const search = (params.get(SEARCH_PARAM) ?? '').trim();
  const [input, setInput] = useState(() => params.get(SEARCH_PARAM) ?? '');
  const debounced = useDebouncedValue(input, CATALOGUE_SEARCH_DEBOUNCE_MS);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new debounced value writes the address
  useEffect(() => {
    const next = debounced.trim();
    if (next !== search) setParams((current) => catalogueQuery(current, { search: next }), { replace: true });
  }, [debounced]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only an address change rewrites the box
  useEffect(() => {
    if (search !== debounced.trim()) setInput(search);
  }, [search]);

  return { input, setInput, search, params, setParams };
}
