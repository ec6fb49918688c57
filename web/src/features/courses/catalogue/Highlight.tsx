import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { highlightParts } from './catalogue';

/** Text with the searched words marked. */
export function Highlight({ text, words }: { text: string; words: readonly string[] }) {
  return (
    <>
      {highlightParts(text, words).map((part, index) =>
        part.match ? (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: parts of one string never move
            key={index}
            component="mark"
            sx={{
              bgcolor: (t) => alpha(t.palette.secondary.main, 0.28),
              color: 'inherit',
              borderRadius: 0.5,
              px: 0.25,
            }}
          >
            {part.text}
          </Box>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one string never move
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
