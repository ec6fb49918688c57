/**
 * A part that opens and closes under its summary (a course's modules, the phone's "Course content"): drawn and
 * announced as MUI's Accordion (a button with aria-expanded, a region named by it, the arrow turning, the height
 * sliding), without MUI's Accordion, Collapse and Transition (about 6 KB gzipped), which put a course page over its
 * first-load budget (docs/decisions.md, "Web first loads: lighter parts of our own"). The height slides in CSS (a grid
 * row from 0fr to 1fr); what is closed is not rendered once it has slid shut.
 */
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import type { SxProps, Theme } from '@mui/material/styles';
import { type ElementType, type ReactNode, useState } from 'react';

const SLIDE_MS = 200;

export function Disclosure({
  expanded,
  onChange,
  summary,
  children,
  summaryId,
  regionId,
  component = 'div',
  label,
  sx,
  summarySx,
  regionSx,
}: {
  expanded: boolean;
  onChange: (expanded: boolean) => void;
  summary: ReactNode;
  children: ReactNode;
  /** Ids for the button and the region (the region is named by the button). */
  summaryId?: string;
  regionId?: string;
  component?: ElementType;
  /** An accessible name for the whole part (the phone's `nav`). */
  label?: string;
  sx?: SxProps<Theme>;
  summarySx?: SxProps<Theme>;
  regionSx?: SxProps<Theme>;
}) {
  // Rendered while open and while sliding shut; the first render of an open part does not slide.
  const [rendered, setRendered] = useState(expanded);
  if (expanded && !rendered) setRendered(true);
  const reducedMotion =
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  if (!expanded && rendered && reducedMotion) setRendered(false);

  return (
    <Box component={component} aria-label={label} sx={sx}>
      <ButtonBase
        id={summaryId}
        aria-expanded={expanded}
        aria-controls={regionId}
        onClick={() => onChange(!expanded)}
        sx={[
          { display: 'flex', width: '100%', minHeight: 48, px: 2, textAlign: 'start', justifyContent: 'flex-start' },
          ...(Array.isArray(summarySx) ? summarySx : [summarySx]),
        ]}
      >
        <Box component="span" sx={{ display: 'flex', flexGrow: 1, minWidth: 0, my: 1.5 }}>
          {summary}
        </Box>
        <Box
          component="span"
          sx={(theme) => ({
            display: 'flex',
            color: theme.palette.action.active,
            transform: expanded ? 'rotate(180deg)' : 'rotate(0deg)',
            transition: theme.transitions.create('transform', { duration: theme.transitions.duration.shortest }),
          })}
        >
          <ExpandMoreRounded />
        </Box>
      </ButtonBase>
      <Box
        onTransitionEnd={(event) => {
          if (event.target === event.currentTarget && !expanded) setRendered(false);
        }}
        sx={{
          display: 'grid',
          gridTemplateRows: expanded ? '1fr' : '0fr',
          transition: `grid-template-rows ${SLIDE_MS}ms ease-in-out`,
          '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
        }}
      >
        <Box
          role="region"
          id={regionId}
          aria-labelledby={summaryId}
          hidden={!rendered}
          sx={{
            minHeight: 0,
            overflow: 'hidden',
            // Out of the Tab order once shut: visibility turns 'hidden' at the end of the slide, 'visible' at once.
            visibility: expanded ? 'visible' : 'hidden',
            transition: `visibility ${SLIDE_MS}ms`,
          }}
        >
          {rendered && <Box sx={regionSx}>{children}</Box>}
        </Box>
      </Box>
    </Box>
  );
}
