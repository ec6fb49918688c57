/**
 * A one-thumb slider on the browser's own range input, drawn as MUI's Slider (a 4 px track filled in the primary
 * colour up to the thumb, a 20 px thumb with a halo on hover and focus) and moved with MUI's keys: arrows by `step`,
 * Page Up / Page Down and Shift + arrows by `shiftStep`, Home and End to the ends. MUI's Slider is 6.7 KB gzipped,
 * which put the product qualifier (its second question) over the first-load budget (docs/decisions.md, "Web first
 * loads: lighter parts of our own").
 */
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import type { KeyboardEvent } from 'react';

const THUMB_PX = 20;
const TRACK_PX = 4;

export function RangeSlider({
  value,
  onChange,
  min,
  max,
  step,
  shiftStep,
  labelledBy,
  valueText,
}: {
  value: number;
  onChange: (value: number) => void;
  min: number;
  max: number;
  step: number;
  shiftStep: number;
  /** The id of the element that names the slider. */
  labelledBy: string;
  /** What a screen reader says for the value. */
  valueText: (value: number) => string;
}) {
  const clamp = (next: number) => Math.min(max, Math.max(min, next));
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const big = event.key === 'PageUp' || event.key === 'PageDown' || (event.shiftKey && event.key.startsWith('Arrow'));
    if (!big) return;
    const up = event.key === 'PageUp' || event.key === 'ArrowUp' || event.key === 'ArrowRight';
    event.preventDefault();
    const next = clamp(value + (up ? shiftStep : -shiftStep));
    if (next !== value) onChange(next);
  };
  const filled = max === min ? 0 : ((value - min) / (max - min)) * 100;

  return (
    <Box
      component="input"
      type="range"
      min={min}
      max={max}
      step={step}
      value={value}
      onChange={(event) => onChange(Number((event.target as HTMLInputElement).value))}
      onKeyDown={onKeyDown}
      aria-labelledby={labelledBy}
      aria-valuetext={valueText(value)}
      sx={(theme) => {
        const main = theme.palette.primary.main;
        const track = {
          height: TRACK_PX,
          borderRadius: TRACK_PX / 2,
          border: 0,
          background: `linear-gradient(to right, ${main} ${filled}%, ${alpha(main, 0.38)} ${filled}%)`,
        };
        const thumb = {
          width: THUMB_PX,
          height: THUMB_PX,
          border: 0,
          borderRadius: '50%',
          bgcolor: main,
          boxShadow: theme.shadows[2],
          transition: theme.transitions.create('box-shadow', { duration: theme.transitions.duration.shortest }),
        };
        const halo = { boxShadow: `0 0 0 8px ${alpha(main, 0.16)}` };
        return {
          display: 'block',
          width: '100%',
          height: THUMB_PX + 2 * 8,
          m: 0,
          p: 0,
          bgcolor: 'transparent',
          cursor: 'pointer',
          appearance: 'none',
          WebkitAppearance: 'none',
          '&::-webkit-slider-runnable-track': track,
          '&::-moz-range-track': track,
          '&::-webkit-slider-thumb': { ...thumb, WebkitAppearance: 'none', mt: `${(TRACK_PX - THUMB_PX) / 2}px` },
          '&::-moz-range-thumb': thumb,
          '&:hover::-webkit-slider-thumb': halo,
          '&:hover::-moz-range-thumb': halo,
          // The theme's keyboard ring (on the thumb: the app hides the bare input's outline) with MUI's halo.
          '&:focus-visible::-webkit-slider-thumb': { ...halo, outline: `3px solid ${main}`, outlineOffset: 2 },
          '&:focus-visible::-moz-range-thumb': { ...halo, outline: `3px solid ${main}`, outlineOffset: 2 },
        };
      }}
    />
  );
}
