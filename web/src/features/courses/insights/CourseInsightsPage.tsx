/**
 * /courses/:slug/insights (admins): who started and finished the course, the lesson-by-lesson funnel with its
 * steepest drop, and completions per day. The charts are a download of their own (MUI X Charts); each has its
 * figures as text beside it (a summary and a table), for screen readers and for anyone who prefers numbers.
 */
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { type CourseInsights, INSIGHT_RANGES, type InsightRange, useCourseInsights } from '../../../api/courseInsights';
import { useCoursePage } from '../../../api/courses';
import { PageHeader } from '../../../components/PageHeader';
import { StaticChip } from '../../../components/StaticChip';
import { CourseNotFound } from '../course/CourseMessages';
import { formatDay, funnelSummary, percentOf, timelineSummary } from './insights';

const FunnelChart = lazy(() => import('./InsightsCharts').then((m) => ({ default: m.FunnelChart })));
const TimelineChart = lazy(() => import('./InsightsCharts').then((m) => ({ default: m.TimelineChart })));

export default function CourseInsightsPage() {
  const { slug = '' } = useParams();
  const course = useCoursePage(slug, '', { enabled: slug !== '' });
  const [days, setDays] = useState<InsightRange>(30);
  const insights = useCourseInsights(course.data?.id ?? null, days);

  if (course.isError || insights.isError) return <CourseNotFound />;
  const data = insights.data;
  return (
    <Box>
      <Button
        component={RouterLink}
        to={`/courses/${slug}`}
        startIcon={<ArrowBackRounded />}
        size="small"
        sx={{ mb: 1.5, ml: -1 }}
      >
        Back to the course
      </Button>
      <PageHeader
        title="Course insights"
        subtitle={course.data?.title ?? ' '}
        actions={
          <ToggleButtonGroup
            exclusive
            size="small"
            value={days}
            onChange={(_event, value: InsightRange | null) => value && setDays(value)}
            aria-label="Completions over"
          >
            {INSIGHT_RANGES.map((range) => (
              <ToggleButton key={range} value={range} sx={{ px: 1.75 }}>
                {range} days
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        }
      />
      {!data ? <InsightsSkeleton /> : <InsightsBody insights={data} busy={insights.isFetching} />}
    </Box>
  );
}

function InsightsSkeleton() {
  return (
    <Box role="status" aria-label="Loading course insights">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2, mb: 3 }}>
        {[1, 2, 3, 4].map((n) => (
          <Skeleton key={n} variant="rounded" height={96} />
        ))}
      </Box>
      <Skeleton variant="rounded" height={320} sx={{ mb: 3 }} />
      <Skeleton variant="rounded" height={320} />
    </Box>
  );
}

function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Typography variant="body2" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="h4" component="p" sx={{ mt: 0.5 }}>
        {value}
      </Typography>
      {note && (
        <Typography variant="caption" color="text.secondary" component="p">
          {note}
        </Typography>
      )}
    </Paper>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Typography id={id} variant="h5" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** A chart for the eye; the summary and table next to it carry the same figures for everyone else. */
function ChartBox({ height, children }: { height: number; children: ReactNode }) {
  return (
    // inert: the chart's own keyboard focus (MUI X Charts) would otherwise be reachable inside hidden content.
    <Box aria-hidden inert sx={{ minHeight: height }}>
      <Suspense fallback={<Skeleton variant="rounded" height={height} />}>{children}</Suspense>
    </Box>
  );
}

function InsightsBody({ insights, busy }: { insights: CourseInsights; busy: boolean }) {
  const rate = percentOf(insights.membersCompleted, insights.membersStarted);
  return (
    <Box aria-busy={busy}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2, mb: 3 }}>
        <Stat label="Members started" value={String(insights.membersStarted)} note="completed at least one lesson" />
        <Stat label="Members completed" value={String(insights.membersCompleted)} note="completed every lesson" />
        <Stat label="Completion rate" value={`${rate}%`} note="of members who started" />
        <Stat label="Lessons" value={String(insights.lessonCount)} />
      </Box>

      {insights.lessonCount === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center', borderStyle: 'dashed' }}>
          <Typography variant="h5" component="p" sx={{ mb: 1 }}>
            This course has no lessons yet
          </Typography>
          <Typography color="text.secondary">
            Insights appear once lessons are added and members complete them.
          </Typography>
        </Paper>
      ) : (
        <>
          <Section id="insights-funnel" title="Lesson by lesson">
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {funnelSummary(insights)}
            </Typography>
            {insights.membersStarted > 0 && (
              <ChartBox height={90 + insights.funnel.length * 28}>
                <FunnelChart insights={insights} />
              </ChartBox>
            )}
            <FunnelTable insights={insights} />
          </Section>
          <Section id="insights-timeline" title="Completions over time">
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {timelineSummary(insights)}
            </Typography>
            <ChartBox height={280}>
              <TimelineChart insights={insights} />
            </ChartBox>
            <TimelineTable insights={insights} />
          </Section>
          {insights.quizzes.length > 0 && (
            <Section id="insights-quizzes" title="Quizzes">
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                How members fare with the course's quizzes: who passed among those who tried, the attempts they needed,
                and the question missed most often (a sign the lesson before it needs another look).
              </Typography>
              <QuizTable insights={insights} />
            </Section>
          )}
        </>
      )}
    </Box>
  );
}

function FunnelTable({ insights }: { insights: CourseInsights }) {
  return (
    <TableContainer tabIndex={0} role="region" aria-label="Lesson by lesson table" sx={{ maxHeight: 480, mt: 2 }}>
      <Table size="small" stickyHeader aria-label="Members who completed each lesson, in course order">
        <TableHead>
          <TableRow>
            <TableCell>Lesson</TableCell>
            <TableCell align="right">Completed</TableCell>
            <TableCell align="right">Drop</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {insights.funnel.map((lesson, index) => (
            <TableRow key={lesson.id}>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {index + 1}. {lesson.title}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {lesson.moduleTitle}
                </Typography>
              </TableCell>
              <TableCell align="right">
                {lesson.completed}{' '}
                <Typography component="span" variant="caption" color="text.secondary">
                  ({percentOf(lesson.completed, insights.membersStarted)}%)
                </Typography>
              </TableCell>
              <TableCell align="right">
                {lesson.id === insights.steepestDropLessonId ? (
                  <StaticChip color="error" variant="outlined" label={`−${lesson.drop} steepest drop`} />
                ) : lesson.drop > 0 ? (
                  `−${lesson.drop}`
                ) : (
                  '0'
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function TimelineTable({ insights }: { insights: CourseInsights }) {
  const active = insights.timeline.filter((d) => d.lessonCompletions > 0 || d.courseCompletions > 0).reverse();
  if (active.length === 0) return null;
  return (
    <TableContainer tabIndex={0} role="region" aria-label="Completions per day table" sx={{ maxHeight: 320, mt: 2 }}>
      <Table size="small" stickyHeader aria-label="Completions per day, newest first (days with none left out)">
        <TableHead>
          <TableRow>
            <TableCell>Day</TableCell>
            <TableCell align="right">Lesson completions</TableCell>
            <TableCell align="right">Course completions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {active.map((d) => (
            <TableRow key={d.date}>
              <TableCell>{formatDay(d.date)}</TableCell>
              <TableCell align="right">{d.lessonCompletions}</TableCell>
              <TableCell align="right">{d.courseCompletions}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function QuizTable({ insights }: { insights: CourseInsights }) {
  return (
    <TableContainer tabIndex={0} role="region" aria-label="Quizzes table" sx={{ mt: 1 }}>
      <Table size="small" aria-label="Each quiz of the course: attempts, pass rate and the most-missed question">
        <TableHead>
          <TableRow>
            <TableCell>Lesson</TableCell>
            <TableCell align="right">Members tried</TableCell>
            <TableCell align="right">Pass rate</TableCell>
            <TableCell align="right">Attempts to pass</TableCell>
            <TableCell>Most missed</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {insights.quizzes.map((quiz) => (
            <TableRow key={quiz.lessonId}>
              <TableCell>{quiz.title}</TableCell>
              <TableCell align="right">
                {quiz.membersAttempted} ({quiz.attempts} {quiz.attempts === 1 ? 'attempt' : 'attempts'})
              </TableCell>
              <TableCell align="right">{quiz.passRate === null ? '–' : `${quiz.passRate}%`}</TableCell>
              <TableCell align="right">{quiz.attemptsToPass === null ? '–' : quiz.attemptsToPass.toFixed(1)}</TableCell>
              <TableCell>
                {quiz.mostMissed
                  ? `${quiz.mostMissed.prompt ?? 'A question since removed'} (missed ${quiz.mostMissed.missed}×)`
                  : 'No wrong answers yet'}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
