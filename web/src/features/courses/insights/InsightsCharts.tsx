/**
 * The insights' charts (MUI X Charts, a download of their own, loaded when the figures are in): the lesson funnel
 * as horizontal bars (the steepest drop in its own colour) and the completions per day. The page gives the same
 * figures as text (a summary and tables): assistive technology skips these.
 */
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { CourseInsights } from '@rainmakers/contracts';
import { formatDay } from './insights';

export const INSIGHT_COLORS = { completed: '#2E6DA4', steepest: '#B3261E', lessons: '#2E6DA4', courses: '#2E7D5B' };
export const FUNNEL_ROW_PX = 28;

export function FunnelChart({ insights }: { insights: CourseInsights }) {
  const rows = insights.funnel.map((lesson, index) => {
    const steepest = lesson.id === insights.steepestDropLessonId;
    return {
      label: `${index + 1}. ${lesson.title.length > 28 ? `${lesson.title.slice(0, 27)}…` : lesson.title}`,
      completed: steepest ? 0 : lesson.completed,
      steepest: steepest ? lesson.completed : 0,
    };
  });
  return (
    <BarChart
      layout="horizontal"
      height={90 + rows.length * FUNNEL_ROW_PX}
      margin={{ left: 8, right: 24 }}
      skipAnimation
      dataset={rows}
      yAxis={[{ scaleType: 'band', dataKey: 'label', width: 150 }]}
      xAxis={[{ tickMinStep: 1 }]}
      series={[
        { dataKey: 'completed', label: 'Members who completed', stack: 'one', color: INSIGHT_COLORS.completed },
        { dataKey: 'steepest', label: 'Steepest drop', stack: 'one', color: INSIGHT_COLORS.steepest },
      ]}
      slotProps={{ legend: { position: { vertical: 'top', horizontal: 'start' } } }}
      grid={{ vertical: true }}
    />
  );
}

export function TimelineChart({ insights }: { insights: CourseInsights }) {
  return (
    <LineChart
      height={280}
      margin={{ left: 8, right: 24 }}
      skipAnimation
      xAxis={[{ scaleType: 'point', data: insights.timeline.map((d) => formatDay(d.date)) }]}
      yAxis={[{ tickMinStep: 1, width: 40 }]}
      series={[
        {
          data: insights.timeline.map((d) => d.lessonCompletions),
          label: 'Lesson completions',
          color: INSIGHT_COLORS.lessons,
          showMark: insights.timeline.length <= 31,
          curve: 'linear',
        },
        {
          data: insights.timeline.map((d) => d.courseCompletions),
          label: 'Course completions',
          color: INSIGHT_COLORS.courses,
          showMark: insights.timeline.length <= 31,
          curve: 'linear',
        },
      ]}
      slotProps={{ legend: { position: { vertical: 'top', horizontal: 'start' } } }}
      grid={{ horizontal: true }}
    />
  );
}
