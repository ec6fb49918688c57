import FilterListRounded from '@mui/icons-material/FilterListRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { BoardLabel, BoardList } from '../../api/board';
import { LABEL_SWATCHES } from './constants';
import { type BoardFilters, DUE_FILTER_NAMES, DUE_FILTERS, filtersOn } from './dueDates';

/** The labels on the board's cards, each once, in id order. */
function labelsOnCards(lists: BoardList[]): BoardLabel[] {
  const byId = new Map<number, BoardLabel>();
  for (const card of lists.flatMap((l) => l.Cards)) for (const label of card.Labels) byId.set(label.id, label);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * The board's filters as toggle buttons (aria-pressed; Tab and Space or Enter), wrapping on phones: labels (any of
 * them), due (one of overdue / this week / none), open checklist items; the count of hidden cards and "Clear filters".
 */
export function BoardFilterBar({
  lists,
  filters,
  hidden,
  onChange,
}: {
  lists: BoardList[];
  filters: BoardFilters;
  hidden: number;
  onChange: (filters: BoardFilters) => void;
}) {
  const labels = labelsOnCards(lists);
  const toggle = (pressed: boolean) => ({
    size: 'small' as const,
    variant: pressed ? ('contained' as const) : ('outlined' as const),
    'aria-pressed': pressed,
    sx: { textTransform: 'none', borderRadius: 4, minHeight: 32 },
  });
  const on = filtersOn(filters);
  return (
    <Box
      role="group"
      aria-labelledby="board-filters-label"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}
    >
      <Typography
        id="board-filters-label"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 700, mr: 0.5 }}
      >
        <FilterListRounded fontSize="small" aria-hidden /> Filter cards
      </Typography>
      {labels.map((label) => {
        const pressed = filters.labels.includes(label.id);
        const name = label.name || LABEL_SWATCHES[label.color].name;
        return (
          <Button
            key={label.id}
            {...toggle(pressed)}
            aria-label={`Label ${name}`}
            onClick={() =>
              onChange({
                ...filters,
                labels: pressed ? filters.labels.filter((id) => id !== label.id) : [...filters.labels, label.id],
              })
            }
          >
            <Box
              component="span"
              aria-hidden
              sx={{ width: 12, height: 12, borderRadius: 0.5, mr: 0.75, bgcolor: LABEL_SWATCHES[label.color].bg }}
            />
            {name}
          </Button>
        );
      })}
      {DUE_FILTERS.map((due) => {
        const pressed = filters.due === due;
        return (
          <Button key={due} {...toggle(pressed)} onClick={() => onChange({ ...filters, due: pressed ? null : due })}>
            {DUE_FILTER_NAMES[due]}
          </Button>
        );
      })}
      <Button {...toggle(filters.openItems)} onClick={() => onChange({ ...filters, openItems: !filters.openItems })}>
        Open checklist items
      </Button>
      <Typography role="status" variant="body2" color="text.secondary" sx={{ mx: 0.5 }}>
        {on ? `${hidden} ${hidden === 1 ? 'card' : 'cards'} hidden` : ''}
      </Typography>
      {on && (
        <Button size="small" onClick={() => onChange({ labels: [], due: null, openItems: false })}>
          Clear filters
        </Button>
      )}
    </Box>
  );
}
