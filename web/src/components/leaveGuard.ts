import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';

/** What a screen with unsaved edits asks before the person leaves it for another of the app's pages. */
export const LEAVE_UNSAVED_QUESTION = 'You have unsaved changes. Leave this page without saving them?';

/** An in-app link the router would follow: same origin, plain left click, no new tab or download. Pure. */
export function inAppTarget(
  anchor: { href: string; target: string; hasAttribute(name: string): boolean },
  click: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean },
  here: { origin: string; pathname: string; search: string; hash: string },
): string | null {
  if (click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  let url: URL;
  try {
    url = new URL(anchor.href, here.origin);
  } catch {
    return null;
  }
  if (url.origin !== here.origin) return null;
  const to = `${url.pathname}${url.search}${url.hash}`;
  return to === `${here.pathname}${here.search}${here.hash}` ? null : to;
}

/**
 * While `dirty`, leaving asks first: closing or reloading the tab (the browser's own beforeunload question) and
 * following any of the app's links (the sidebar, the logo, links in the page). The app uses a BrowserRouter, not a
 * data router, so react-router's useBlocker is not available: links are caught on the document, in the capture
 * phase, before the router's own click handler. The browser's Back button is not held. Not in src/lib: that folder
 * travels in the shell every page downloads (vite.config.ts), and only a form with unsaved edits needs this.
 */
export function useLeaveGuard(dirty: boolean, question: string = LEAVE_UNSAVED_QUESTION): void {
  const navigate = useNavigate();
  const state = useRef({ dirty, question, navigate });
  state.current = { dirty, question, navigate };

  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!state.current.dirty) return;
      event.preventDefault();
      event.returnValue = '';
    };
    const click = (event: MouseEvent) => {
      if (!state.current.dirty || event.defaultPrevented) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const to = inAppTarget(anchor, event, window.location);
      if (to === null) return;
      // Held here: the router's handler never sees the click, the browser does not follow the link.
      event.preventDefault();
      event.stopPropagation();
      if (window.confirm(state.current.question)) {
        state.current.dirty = false;
        state.current.navigate(to);
      }
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, []);
}
