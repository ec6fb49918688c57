import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { type MouseEvent, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { renderMarkdown } from './markdownHtml';

/**
 * Rendered lesson markdown in the app's type: readable line length, responsive images and videos, tables that
 * scroll sideways on phones. Links inside the app stay in the app (no page reload).
 */
export function Markdown({ source, label }: { source: string; label?: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  const navigate = useNavigate();

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const anchor = (event.target as HTMLElement).closest('a');
    if (!anchor || anchor.target === '_blank' || anchor.hasAttribute('download')) return;
    const href = anchor.getAttribute('href');
    if (!href || href.startsWith('#')) return;
    const url = new URL(anchor.href, window.location.href);
    if (
      url.origin !== window.location.origin ||
      url.pathname.startsWith('/upload/') ||
      url.pathname.startsWith('/api/')
    )
      return;
    event.preventDefault();
    navigate(`${url.pathname}${url.search}${url.hash}`);
  };

  return (
    <Box
      className="lesson-markdown"
      role={label ? 'region' : undefined}
      aria-label={label}
      onClick={onClick}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify in renderMarkdown
      dangerouslySetInnerHTML={{ __html: html }}
      sx={(theme) => ({
        fontSize: { xs: '1rem', md: '1.0625rem' },
        lineHeight: 1.75,
        color: 'text.primary',
        overflowWrap: 'anywhere',
        // :first-of-type, not :first-child, which Emotion reports as unsafe with server rendering.
        '& > :first-of-type': { mt: 0 },
        '& > :last-child': { mb: 0 },
        '& h1, & h2, & h3, & h4, & h5, & h6': {
          lineHeight: 1.3,
          fontWeight: 750,
          mt: 4,
          mb: 1.5,
          letterSpacing: '-0.01em',
        },
        '& h1': { fontSize: '1.75rem' },
        '& h2': { fontSize: '1.5rem' },
        '& h3': { fontSize: '1.25rem' },
        '& h4, & h5, & h6': { fontSize: '1.0625rem' },
        '& p': { my: 1.75 },
        '& ul, & ol': { pl: 3.5, my: 1.75 },
        '& li': { my: 0.5 },
        '& li > p': { my: 0.5 },
        '& a': { color: 'primary.main', fontWeight: 600, textUnderlineOffset: '3px' },
        '& a:hover': { color: 'primary.dark' },
        '& img': { display: 'block', maxWidth: '100%', height: 'auto', borderRadius: 2, my: 2.5, mx: 'auto' },
        '& iframe': {
          display: 'block',
          width: '100%',
          aspectRatio: '16 / 9',
          height: 'auto',
          border: 0,
          borderRadius: 2,
          my: 2.5,
        },
        '& blockquote': {
          m: 0,
          my: 2.5,
          py: 1,
          px: 2.5,
          borderLeft: '4px solid',
          borderColor: 'secondary.main',
          bgcolor: alpha(theme.palette.secondary.main, 0.08),
          borderRadius: '0 8px 8px 0',
          color: 'text.secondary',
        },
        '& code': {
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: '0.9em',
          bgcolor: alpha(theme.palette.primary.main, 0.07),
          px: 0.6,
          py: 0.2,
          borderRadius: 1,
        },
        '& pre': { bgcolor: '#2B1B2E', color: '#F8EFF3', p: 2, borderRadius: 2, overflowX: 'auto', my: 2.5 },
        '& pre code': { bgcolor: 'transparent', p: 0, color: 'inherit' },
        '& hr': { border: 0, borderTop: '1px solid', borderColor: 'divider', my: 4 },
        // Tables scroll sideways in their box (markdown.ts wraps them) and keep their words whole.
        '& .table-scroll': { maxWidth: '100%', overflowX: 'auto', my: 2.5, borderRadius: 1 },
        '& table': {
          borderCollapse: 'collapse',
          fontSize: '0.95rem',
          lineHeight: 1.5,
          overflowWrap: 'normal',
          wordBreak: 'normal',
        },
        '& th, & td': {
          border: '1px solid',
          borderColor: 'divider',
          px: 1.5,
          py: 1,
          textAlign: 'left',
          verticalAlign: 'top',
          minWidth: '6em',
        },
        '& th': { bgcolor: alpha(theme.palette.primary.main, 0.06), fontWeight: 700 },
        '& tr:nth-of-type(even) td': { bgcolor: 'rgba(42, 32, 48, 0.02)' },
      })}
    />
  );
}
