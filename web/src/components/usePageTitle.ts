import { useEffect } from 'react';

/** Sets the browser tab title to "{title} | Rainmakers". */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | Rainmakers` : 'Rainmakers';
  }, [title]);
}
