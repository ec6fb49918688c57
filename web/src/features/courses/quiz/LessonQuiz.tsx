import CancelRounded from '@mui/icons-material/CancelRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import QuizRounded from '@mui/icons-material/QuizRounded';
import ReplayRounded from '@mui/icons-material/ReplayRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { LessonQuizView, QuizAttemptResponse } from '@rainmakers/contracts';
import { type FormEvent, useId, useRef, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { useAttemptQuiz } from '../../../api/quizzes';
import { toast } from '../../../components/toast';

type Selections = Record<string, number[]>;

/**
 * A lesson's quiz: every question a fieldset with its prompt as the legend (radio buttons for one right answer,
 * checkboxes for several), answered with the keyboard alone. The result says the score, whether it passed and which
 * questions were right, never which option was; "Try again" starts over. Passing marks the lesson completed
 * (`onPassed`).
 */
export function LessonQuiz({
  slug,
  lessonId,
  quiz,
  onPassed,
}: {
  slug: string;
  lessonId: number;
  quiz: LessonQuizView;
  onPassed: () => void;
}) {
  const attempt = useAttemptQuiz(slug, lessonId);
  const [selected, setSelected] = useState<Selections>({});
  const [result, setResult] = useState<QuizAttemptResponse | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const unanswered = quiz.questions.filter((q) => (selected[q.id] ?? []).length === 0).length;
  const rightOf = new Map(result?.results.map((r) => [r.questionId, r.correct]));
  const { progress } = quiz;

  const choose = (questionId: string, index: number, multiple: boolean, on: boolean) =>
    setSelected((current) => {
      const before = current[questionId] ?? [];
      const next = multiple ? (on ? [...before, index] : before.filter((i) => i !== index)) : [index];
      return { ...current, [questionId]: next };
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (attempt.isPending) return;
    if (unanswered > 0) {
      toast(`Answer every question first: ${unanswered} left.`, 'error');
      return;
    }
    const answers = quiz.questions.map((q) => ({
      questionId: q.id,
      selected: [...(selected[q.id] ?? [])].sort((a, b) => a - b),
    }));
    attempt.mutate(answers, {
      onSuccess: (answer) => {
        setResult(answer);
        // The result is announced (role="status") and brought into view; focus stays where the person is.
        requestAnimationFrame(() => resultRef.current?.scrollIntoView({ block: 'nearest' }));
        if (answer.passed) onPassed();
      },
      onError: (error) => toast(errorMessage(error, 'We could not check your answers. Please try again.'), 'error'),
    });
  };

  const again = () => {
    setResult(null);
    setSelected({});
  };

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ mt: 4, p: { xs: 2, sm: 3 }, border: 1, borderColor: 'divider', borderRadius: 2, maxWidth: 760 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
        <QuizRounded color="primary" aria-hidden />
        <Typography id={headingId} variant="h3" component="h3" sx={{ fontSize: '1.25rem' }}>
          Check your understanding
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {quiz.questions.length} {quiz.questions.length === 1 ? 'question' : 'questions'} · {quiz.passMark}% to pass
        {progress.attempts > 0 &&
          ` · your best so far ${progress.bestScore ?? 0}% in ${progress.attempts} ${progress.attempts === 1 ? 'try' : 'tries'}`}
      </Typography>
      {progress.passed && !result && (
        <Alert severity="success" sx={{ mb: 2 }}>
          You passed this quiz. You can take it again any time.
        </Alert>
      )}
      <Box component="form" onSubmit={submit} noValidate>
        {quiz.questions.map((question, number) => {
          const right = rightOf.get(question.id);
          const chosen = selected[question.id] ?? [];
          const legend = `${number + 1}. ${question.prompt}`;
          return (
            <FormControl
              key={question.id}
              component="fieldset"
              disabled={result !== null || attempt.isPending}
              sx={{
                display: 'flex',
                mb: 2.5,
                // Answered, the questions stay readable (4.5:1): only the controls look switched off.
                '& .MuiFormControlLabel-label.Mui-disabled': { color: 'text.secondary' },
              }}
            >
              <FormLabel
                component="legend"
                sx={{ color: 'text.primary', fontWeight: 600, mb: 0.5, '&.Mui-disabled': { color: 'text.primary' } }}
              >
                {legend}
              </FormLabel>
              {question.multiple ? (
                <FormGroup>
                  {question.options.map((option, index) => (
                    <FormControlLabel
                      // Options are fixed text: their place is their identity.
                      // biome-ignore lint/suspicious/noArrayIndexKey: see above
                      key={index}
                      label={option}
                      control={
                        <Checkbox
                          checked={chosen.includes(index)}
                          onChange={(e) => choose(question.id, index, true, e.target.checked)}
                        />
                      }
                    />
                  ))}
                </FormGroup>
              ) : (
                <RadioGroup
                  value={chosen[0] === undefined ? '' : String(chosen[0])}
                  onChange={(e) => choose(question.id, Number(e.target.value), false, true)}
                  name={`quiz-${lessonId}-${question.id}`}
                >
                  {question.options.map((option, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: options are fixed text, their place is their identity
                    <FormControlLabel key={index} value={String(index)} label={option} control={<Radio />} />
                  ))}
                </RadioGroup>
              )}
              {question.multiple && <FormHelperText sx={{ mx: 0 }}>Choose every right answer.</FormHelperText>}
              {right !== undefined && (
                <Typography
                  variant="body2"
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 0.75,
                    mt: 0.5,
                    fontWeight: 600,
                    color: right ? 'success.main' : 'error.main',
                  }}
                >
                  {right ? <CheckCircleRounded fontSize="small" /> : <CancelRounded fontSize="small" />}
                  {right ? 'Right' : 'Not quite: reread the lesson and try again'}
                </Typography>
              )}
            </FormControl>
          );
        })}
        <Box ref={resultRef} role="status" aria-live="polite">
          {result && (
            <Alert severity={result.passed ? 'success' : 'warning'} sx={{ mb: 2 }}>
              {result.passed
                ? `You scored ${result.score}% and passed. This lesson is complete.`
                : `You scored ${result.score}%. ${quiz.passMark}% passes: review the lesson and try again.`}
            </Alert>
          )}
        </Box>
        {result ? (
          <Button variant="outlined" startIcon={<ReplayRounded />} onClick={again}>
            Try again
          </Button>
        ) : (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Button
              type="submit"
              variant="contained"
              disabled={attempt.isPending}
              aria-describedby={`${headingId}-left`}
            >
              {attempt.isPending ? 'Checking…' : 'Submit answers'}
            </Button>
            <Typography id={`${headingId}-left`} variant="body2" color="text.secondary">
              {unanswered > 0
                ? `${unanswered} ${unanswered === 1 ? 'question' : 'questions'} left to answer`
                : 'Every question answered'}
            </Typography>
          </Box>
        )}
      </Box>
    </Box>
  );
}
