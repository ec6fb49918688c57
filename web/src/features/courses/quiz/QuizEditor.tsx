import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  blankQuestion,
  MAX_OPTIONS,
  MAX_QUESTIONS,
  MIN_OPTIONS,
  type QuestionDraft,
  type QuizDraft,
} from './quizDraft';

/**
 * The quiz part of the lesson form: on or off, the pass mark, and each question with its options, the right ones
 * ticked. `errors` are the service's messages keyed as it sends them ('quiz.questions.0.prompt', ...).
 */
export function QuizEditor({
  draft,
  onChange,
  errors,
}: {
  draft: QuizDraft;
  onChange: (next: QuizDraft) => void;
  errors: Record<string, string>;
}) {
  const setQuestion = (index: number, change: (q: QuestionDraft) => QuestionDraft) =>
    onChange({ ...draft, questions: draft.questions.map((q, i) => (i === index ? change(q) : q)) });
  const errorOf = (...keys: string[]) => keys.map((k) => errors[k]).find(Boolean);
  const general = errorOf('quiz', 'quiz.questions');

  return (
    <Box
      component="section"
      aria-labelledby="quiz-editor-title"
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id="quiz-editor-title" variant="h6" component="h3">
          Quiz
        </Typography>
        <FormControlLabel
          control={
            <Switch checked={draft.enabled} onChange={(e) => onChange({ ...draft, enabled: e.target.checked })} />
          }
          label="Members pass a quiz to complete this lesson"
        />
      </Box>
      {draft.enabled && (
        <>
          <TextField
            label="Pass mark (%)"
            type="number"
            value={draft.passMark}
            onChange={(e) => onChange({ ...draft, passMark: e.target.value })}
            slotProps={{ htmlInput: { min: 1, max: 100, inputMode: 'numeric' } }}
            error={!!errors['quiz.passMark']}
            helperText={errors['quiz.passMark'] ?? 'The share of questions to get right, 1 to 100.'}
            sx={{ maxWidth: 240 }}
          />
          {general && (
            <FormHelperText error role="alert">
              {general}
            </FormHelperText>
          )}
          {draft.questions.map((question, index) => {
            const at = `quiz.questions.${index}`;
            const optionsError = errorOf(`${at}.options`, `${at}.correct`, `${at}.id`);
            return (
              <Paper
                key={question.id}
                variant="outlined"
                component="fieldset"
                sx={{ p: 2, m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}
              >
                <Box component="legend" sx={{ px: 0.5, fontWeight: 700 }}>
                  Question {index + 1}
                </Box>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                  <TextField
                    label="Question"
                    value={question.prompt}
                    onChange={(e) => setQuestion(index, (q) => ({ ...q, prompt: e.target.value }))}
                    multiline
                    error={!!errors[`${at}.prompt`]}
                    helperText={errors[`${at}.prompt`]}
                  />
                  <IconButton
                    aria-label={`Remove question ${index + 1}`}
                    disabled={draft.questions.length === 1}
                    onClick={() => onChange({ ...draft, questions: draft.questions.filter((_, i) => i !== index) })}
                  >
                    <DeleteOutlineRounded />
                  </IconButton>
                </Box>
                <Typography variant="body2" color="text.secondary">
                  Tick the right option; tick several when members must choose every right one.
                </Typography>
                {question.options.map((option, o) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: an option's place is its identity while editing
                  <Box key={o} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                    <Checkbox
                      checked={question.correct.includes(o)}
                      onChange={(e) =>
                        setQuestion(index, (q) => ({
                          ...q,
                          correct: e.target.checked
                            ? [...q.correct, o].sort((a, b) => a - b)
                            : q.correct.filter((c) => c !== o),
                        }))
                      }
                      slotProps={{ input: { 'aria-label': `Option ${o + 1} of question ${index + 1} is right` } }}
                    />
                    <TextField
                      size="small"
                      label={`Option ${o + 1}`}
                      value={option}
                      onChange={(e) =>
                        setQuestion(index, (q) => ({
                          ...q,
                          options: q.options.map((text, t) => (t === o ? e.target.value : text)),
                        }))
                      }
                      error={!!errors[`${at}.options.${o}`]}
                      helperText={errors[`${at}.options.${o}`]}
                    />
                    <IconButton
                      aria-label={`Remove option ${o + 1} of question ${index + 1}`}
                      disabled={question.options.length <= MIN_OPTIONS}
                      onClick={() =>
                        setQuestion(index, (q) => ({
                          ...q,
                          options: q.options.filter((_, t) => t !== o),
                          // The right options after the removed one move up by one.
                          correct: q.correct.filter((c) => c !== o).map((c) => (c > o ? c - 1 : c)),
                        }))
                      }
                    >
                      <DeleteOutlineRounded />
                    </IconButton>
                  </Box>
                ))}
                {optionsError && (
                  <FormHelperText error role="alert">
                    {optionsError}
                  </FormHelperText>
                )}
                <Box>
                  <Button
                    size="small"
                    startIcon={<AddRounded />}
                    disabled={question.options.length >= MAX_OPTIONS}
                    onClick={() => setQuestion(index, (q) => ({ ...q, options: [...q.options, ''] }))}
                  >
                    Add option
                  </Button>
                </Box>
              </Paper>
            );
          })}
          <Box>
            <Button
              variant="outlined"
              startIcon={<AddRounded />}
              disabled={draft.questions.length >= MAX_QUESTIONS}
              onClick={() => onChange({ ...draft, questions: [...draft.questions, blankQuestion()] })}
            >
              Add question
            </Button>
          </Box>
        </>
      )}
    </Box>
  );
}
