import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { DashboardBoardShares } from '@rainmakers/contracts';

const SIZE = 148;
const STROKE = 22;
const RADIUS = (SIZE - STROKE) / 2;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * The Move the Needle donut: completed, in progress and on hold as shares of all cards in the four status lists
 * (not started fills the rest). Drawn as SVG arcs (a few hundred bytes instead of a chart library on the page every
 * member lands on); the legend states every figure, so the chart itself is decoration for screen readers.
 */
export function BoardDonut({ board }: { board: DashboardBoardShares }) {
  const theme = useTheme();
  const slices = [
    { key: 'completed', label: 'Completed', value: board.percent.completed, color: theme.palette.success.main },
    { key: 'inProgress', label: 'In progress', value: board.percent.inProgress, color: theme.palette.primary.main },
    { key: 'onHold', label: 'On hold', value: board.percent.onHold, color: theme.palette.warning.main },
  ] as const;
  let offset = 0;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2.5, flexWrap: 'wrap' }}>
      <Box sx={{ position: 'relative', width: SIZE, height: SIZE, flex: '0 0 auto' }}>
        <svg width={SIZE} height={SIZE} viewBox={`0 0 ${SIZE} ${SIZE}`} aria-hidden="true">
          <circle
            cx={SIZE / 2}
            cy={SIZE / 2}
            r={RADIUS}
            fill="none"
            stroke={theme.palette.action.hover}
            strokeWidth={STROKE}
          />
          {slices.map((slice) => {
            const length = (slice.value / 100) * CIRCUMFERENCE;
            const dash = (
              <circle
                key={slice.key}
                cx={SIZE / 2}
                cy={SIZE / 2}
                r={RADIUS}
                fill="none"
                stroke={slice.color}
                strokeWidth={STROKE}
                strokeDasharray={`${length} ${CIRCUMFERENCE - length}`}
                strokeDashoffset={-offset}
                transform={`rotate(-90 ${SIZE / 2} ${SIZE / 2})`}
              />
            );
            offset += length;
            return slice.value > 0 ? dash : null;
          })}
        </svg>
        <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', textAlign: 'center' }}>
          <div>
            <Typography sx={{ fontWeight: 800, fontSize: '1.5rem', lineHeight: 1 }}>{board.total}</Typography>
            <Typography variant="caption" color="text.secondary">
              {board.total === 1 ? 'card' : 'cards'}
            </Typography>
          </div>
        </Box>
      </Box>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {slices.map((slice) => (
          <Box component="li" key={slice.key} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box sx={{ width: 12, height: 12, borderRadius: '3px', bgcolor: slice.color }} aria-hidden="true" />
            <Typography variant="body2">
              {slice.label}: <strong>{slice.value}%</strong>
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
