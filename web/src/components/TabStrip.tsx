/**
 * A row of tabs (the WAI-ARIA tabs pattern: one tab in the Tab order, arrow keys, Home and End between tabs) for the
 * screens that show one on first paint: the catalogue, the profit calculator, the users screen. MUI's Tabs with its
 * scroll buttons and roving focus is about 7 KB gzipped, more than the catalogue had left under the first-load
 * budget (docs/decisions.md, "Web first loads: lighter parts of our own"). It looks like MUI's: the theme's button
 * type, the selected tab in the primary colour over a 2 px line; a row wider than the screen scrolls sideways
 * (swipe, trackpad) and shows an arrow at the side where more tabs are.
 */
import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import type { SxProps, Theme } from '@mui/material/styles';
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

export type TabItem<T extends string> = {
  value: T;
  label: ReactNode;
  /** The tab's id, for the panel's aria-labelledby. */
  id?: string;
  /** The id of the panel the tab shows. */
  controls?: string;
};

const NEXT_KEYS: Record<string, (at: number, count: number) => number> = {
  ArrowRight: (at, count) => (at + 1) % count,
  ArrowLeft: (at, count) => (at - 1 + count) % count,
  Home: () => 0,
  End: (_at, count) => count - 1,
};

/** Moves the focus between the tabs; choosing one stays a click, Enter or Space (MUI's default too). */
function onTabKeyDown(event: KeyboardEvent<HTMLElement>) {
  const move = NEXT_KEYS[event.key];
  if (!move) return;
  const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')];
  const at = tabs.indexOf(document.activeElement as HTMLElement);
  if (at < 0) return;
  event.preventDefault();
  tabs[move(at, tabs.length)]?.focus();
}

function ScrollButton({ side, onClick }: { side: 'start' | 'end'; onClick: () => void }) {
  return (
    // Pointer users' way to the hidden tabs; keyboard users have the arrow keys, so it stays out of the Tab order.
    <ButtonBase
      tabIndex={-1}
      aria-label={side === 'start' ? 'Scroll tabs back' : 'Scroll tabs forward'}
      onClick={onClick}
      sx={{ width: 40, flexShrink: 0, color: 'text.secondary' }}
    >
      {side === 'start' ? <ChevronLeftRounded fontSize="small" /> : <ChevronRightRounded fontSize="small" />}
    </ButtonBase>
  );
}

export function TabStrip<T extends string>({
  value,
  onChange,
  tabs,
  label,
  tabSx,
  sx,
}: {
  value: T;
  onChange: (value: T) => void;
  tabs: readonly TabItem<T>[];
  /** The tablist's accessible name. */
  label: string;
  tabSx?: SxProps<Theme>;
  sx?: SxProps<Theme>;
}) {
  const row = useRef<HTMLDivElement | null>(null);
  const [more, setMore] = useState({ start: false, end: false });

  const measure = useCallback(() => {
    const list = row.current;
    if (!list) return;
    const start = list.scrollLeft > 1;
    const end = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
    setMore((was) => (was.start === start && was.end === end ? was : { start, end }));
  }, []);

  const count = tabs.length;
  useEffect(() => {
    const list = row.current;
    if (!list || count === 0) return;
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    // The row's width, and each tab's (a tab widens when its count arrives).
    observer?.observe(list);
    for (const tab of list.children) observer?.observe(tab);
    list.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer?.disconnect();
      list.removeEventListener('scroll', measure);
    };
  }, [measure, count]);

  // The chosen tab in view, moving the row only (scrollIntoView could scroll the page too).
  const chosen = tabs.findIndex((tab) => tab.value === value);
  useLayoutEffect(() => {
    const list = row.current;
    const tab = list?.querySelectorAll<HTMLElement>('[role="tab"]')[chosen];
    if (!list || !tab) return;
    if (tab.offsetLeft < list.scrollLeft) list.scrollLeft = tab.offsetLeft;
    else if (tab.offsetLeft + tab.offsetWidth > list.scrollLeft + list.clientWidth) {
      list.scrollLeft = tab.offsetLeft + tab.offsetWidth - list.clientWidth;
    }
  }, [chosen]);

  const scrollBy = (direction: 1 | -1) => {
    const list = row.current;
    list?.scrollBy({ left: direction * list.clientWidth * 0.8, behavior: 'smooth' });
  };

  return (
    <Box sx={[{ display: 'flex', minHeight: 48 }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {more.start && <ScrollButton side="start" onClick={() => scrollBy(-1)} />}
      <Box
        ref={row}
        role="tablist"
        aria-label={label}
        onKeyDown={onTabKeyDown}
        sx={{
          display: 'flex',
          flex: 1,
          minWidth: 0,
          position: 'relative',
          overflowX: 'auto',
          scrollbarWidth: 'none',
          '&::-webkit-scrollbar': { display: 'none' },
        }}
      >
        {tabs.map((tab) => {
          const selected = tab.value === value;
          return (
            <ButtonBase
              key={tab.value}
              role="tab"
              id={tab.id}
              aria-controls={tab.controls}
              aria-selected={selected}
              tabIndex={selected ? 0 : -1}
              onClick={() => {
                if (!selected) onChange(tab.value);
              }}
              sx={[
                (theme) => ({
                  ...theme.typography.button,
                  lineHeight: 1.25,
                  flexShrink: 0,
                  minWidth: 90,
                  maxWidth: 360,
                  minHeight: 48,
                  px: 2,
                  py: 1.5,
                  position: 'relative',
                  color: selected ? 'primary.main' : 'text.secondary',
                  '&::after': selected
                    ? {
                        content: '""',
                        position: 'absolute',
                        left: 0,
                        right: 0,
                        bottom: 0,
                        height: 2,
                        bgcolor: 'primary.main',
                      }
                    : undefined,
                  '&.Mui-focusVisible, &:focus-visible': { outlineOffset: -3 },
                }),
                ...(Array.isArray(tabSx) ? tabSx : [tabSx]),
              ]}
            >
              {tab.label}
            </ButtonBase>
          );
        })}
      </Box>
      {more.end && <ScrollButton side="end" onClick={() => scrollBy(1)} />}
    </Box>
  );
}
