import RefreshRounded from '@mui/icons-material/RefreshRounded';
import ThumbDownRounded from '@mui/icons-material/ThumbDownRounded';
import ThumbUpRounded from '@mui/icons-material/ThumbUpRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import {
  AVERAGE_PRICE_QUESTION,
  answerLines,
  CONGRATULATIONS,
  EMPTY_ANSWERS,
  formatVolume,
  MAX_SCORE,
  missingAnswers,
  QUALIFIER_REFRESH_QUESTION,
  QUESTIONS,
  type QualifierAnswers,
  type QualifierQuestion,
  qualifierScore,
  questionText,
  RATING_LABELS,
  RATING_VIDEOS,
  type Rating,
  RELATED_KEYWORDS_HINT_UNSET,
  rating as ratingOf,
  referencePrice,
  relatedKeywordMinimum,
  SIZE_TIERS,
  showsCongratulations,
  VOLUME_FEEDBACK,
  VOLUME_MAX,
  volumeBand,
} from '@rainmakers/contracts/qualifier';
import type { SiteVideoKey } from '@rainmakers/contracts/site-content-constants';
import { lazy, Suspense, useState } from 'react';
import { useSiteLinks, useSiteVideo } from '../../api/siteContent';
import { type QualifierRatingBody, useSaveQualifierRating } from '../../api/tools';
import { LazyConfirmDialog, Tooltip } from '../../components/LazyMui';
import { PageHeader } from '../../components/PageHeader';
import { RangeSlider } from '../../components/RangeSlider';
import { VideoFacade } from '../../components/VideoFacade';
import { config } from '../../config';
import { VISUALLY_HIDDEN } from '../../lib/visuallyHidden';
import { useCurrentUser } from '../../session/context';
import { AnswerFeedback, PastRatings } from './QualifierResults';

// Shown only on request (a question's video) or once a product is rated (the e-mail form): fetched then, so the
// page's first load does not carry MUI's Dialog or the labelled form fields (docs/decisions.md, "Web first load").
const LearnMoreDialog = lazy(() => import('./LearnMoreDialog').then((m) => ({ default: m.LearnMoreDialog })));
const ResultsMail = lazy(() => import('./QualifierMail').then((m) => ({ default: m.ResultsMail })));

type YesNoKey = Exclude<keyof QualifierAnswers, 'volume' | 'standard'>;
const ANSWER_REQUIRED = 'Please answer this question';

function LearnMore({ question, number }: { question: QualifierQuestion; number: number }) {
  const video = useSiteVideo(question.video as SiteVideoKey);
  const [open, setOpen] = useState(false);
  const titleId = `learn-more-${question.id}`;
  // The Learn More video as the admin set it; no video, no button.
  if (!video) return null;
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} aria-label={`Learn More about question ${number}`}>
        Learn More
      </Button>
      {open && (
        <Suspense fallback={null}>
          <LearnMoreDialog
            number={number}
            titleId={titleId}
            video={question.video as SiteVideoKey}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}

function YesNo({
  name,
  label,
  value,
  onChange,
}: {
  name: string;
  label: string;
  value: 0 | 1 | null;
  onChange: (value: 0 | 1) => void;
}) {
  return (
    <RadioGroup
      row
      name={name}
      aria-label={label}
      value={value === null ? '' : String(value)}
      onChange={(event) => onChange(event.target.value === '1' ? 1 : 0)}
    >
      <FormControlLabel value="1" control={<Radio />} label="Yes" />
      <FormControlLabel value="0" control={<Radio />} label="No" />
    </RadioGroup>
  );
}

function Thumbs({ band }: { band: Rating }) {
  const icons =
    band === 'two-thumbs-up'
      ? [ThumbUpRounded, ThumbUpRounded]
      : band === 'one-thumb-up'
        ? [ThumbUpRounded]
        : [ThumbDownRounded, ThumbDownRounded];
  return (
    <Box role="img" aria-label={RATING_LABELS[band]} sx={{ display: 'flex', gap: 1 }}>
      {icons.map((Icon, index) => (
        <Icon
          // biome-ignore lint/suspicious/noArrayIndexKey: identical icons in a fixed order
          key={index}
          sx={{ fontSize: 44, color: band === 'two-thumbs-down' ? 'error.main' : 'success.main' }}
        />
      ))}
    </Box>
  );
}

/** The feedback on every answer, under the score: the same lines the results e-mail lists (answerLines). */

/** The Product Qualifier Tool (spec part 2 §2, /product-qualifier). */
export default function ProductQualifierPage() {
  const user = useCurrentUser();
  const links = useSiteLinks();
  const introVideo = useSiteVideo('qualifier-intro');
  const [answers, setAnswers] = useState<QualifierAnswers>(EMPTY_ANSWERS);
  const [rated, setRated] = useState<{ score: number; answers: QualifierAnswers } | null>(null);
  const [missing, setMissing] = useState<string[]>([]);
  const [confirm, setConfirm] = useState(false);
  // Bumped by Refresh, so the results e-mail form starts over too.
  const [round, setRound] = useState(0);
  const save = useSaveQualifierRating();

  const set = <K extends keyof QualifierAnswers>(key: K, value: QualifierAnswers[K]) => {
    setAnswers((current) => ({ ...current, [key]: value }));
    setMissing((current) => current.filter((id) => id !== key));
  };
  const rate = () => {
    const gaps = missingAnswers(answers);
    setMissing(gaps);
    if (gaps.length > 0) {
      document.getElementById(`question-${gaps[0]}`)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      return;
    }
    const score = qualifierScore(answers);
    setRated({ score, answers });
    // Fire and forget (spec §4): the server recomputes and keeps the result.
    save.mutate({ score, answers });
    showResults();
  };
  const showResults = () =>
    requestAnimationFrame(() => document.getElementById('qualifier-results')?.scrollIntoView({ behavior: 'smooth' }));
  /** A past rating shown again: its answers in the questions, its score and feedback in the results. */
  const reopen = (past: QualifierRatingBody) => {
    setAnswers(past.answers);
    setMissing([]);
    setRated({ score: past.score, answers: past.answers });
    setRound((r) => r + 1);
    showResults();
  };
  const refresh = () => {
    setAnswers(EMPTY_ANSWERS);
    setRated(null);
    setMissing([]);
    setRound((r) => r + 1);
    setConfirm(false);
  };

  const relatedUnset = relatedKeywordMinimum(answers.volume) === 0;
  const band = volumeBand(answers.volume);
  const price = referencePrice(answers.standard);
  const rating = rated ? ratingOf(rated.score) : null;

  return (
    <Box>
      <PageHeader
        title="Product Qualifier Tool"
        actions={
          <Tooltip title="Start over">
            <IconButton
              aria-label="Refresh progress"
              onClick={() => setConfirm(true)}
              sx={{ border: 1, borderColor: 'divider', borderRadius: '50%' }}
            >
              <RefreshRounded />
            </IconButton>
          </Tooltip>
        }
      />
      {user.can.seeQualifierUpgradeNote && (
        <Alert severity="info" sx={{ mb: 3 }}>
          Upgrade your membership to get coaching on your product research.{' '}
          <Link href={links.upgradeUrl} target="_blank" rel="noopener noreferrer">
            Apply To Upgrade
          </Link>
        </Alert>
      )}
      <Box
        sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: introVideo ? '1fr 1fr' : '1fr' }, mb: 4 }}
      >
        <VideoFacade videoKey="qualifier-intro" title="How to qualify a product idea" />
        <Box>
          <Typography variant="h2" sx={{ fontSize: '1.35rem', mb: 1 }}>
            Instructions
          </Typography>
          <Typography color="text.secondary">
            Answer the ten questions below about your product idea. Use Learn More under a question to see how to find
            the answer. Then press 'Rate My Product' for a score out of 10 and feedback on every answer, which you can
            e-mail to yourself.
          </Typography>
        </Box>
      </Box>

      <Typography variant="h2" sx={{ fontSize: '1.5rem', mb: 2 }}>
        Questions
      </Typography>
      <Box component="ol" sx={{ display: 'grid', gap: 2, p: 0, m: 0, listStyle: 'none' }}>
        {QUESTIONS.map((q, index) => {
          const number = index + 1;
          const text = questionText(q, answers);
          const error = missing.includes(q.id) ? ANSWER_REQUIRED : null;
          return (
            <Paper component="li" key={q.id} id={`question-${q.id}`} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
              <Typography sx={{ fontWeight: 600 }} id={`question-${q.id}-text`}>
                {number}. {text}
              </Typography>
              {q.question.includes('{min}') && relatedUnset && (
                <Typography variant="body2" color="text.secondary">
                  {RELATED_KEYWORDS_HINT_UNSET}
                </Typography>
              )}
              {q.id === 'volume' ? (
                <Box sx={{ px: 1, pt: 2 }}>
                  <Typography aria-live="polite" sx={{ fontWeight: 700 }}>
                    {formatVolume(answers.volume)} searches a month
                  </Typography>
                  <RangeSlider
                    min={0}
                    max={VOLUME_MAX}
                    step={100}
                    shiftStep={1000}
                    value={answers.volume}
                    onChange={(v) => set('volume', v)}
                    labelledBy={`question-${q.id}-text`}
                    valueText={(v) => `${formatVolume(v)} searches`}
                  />
                  {band !== 'none' && (
                    <Alert severity={band === 'sweet' ? 'success' : 'warning'} sx={{ mt: 1 }}>
                      {VOLUME_FEEDBACK[band]}
                    </Alert>
                  )}
                </Box>
              ) : q.id === 'standard' ? (
                <Box>
                  <RadioGroup
                    row
                    name="standard"
                    aria-labelledby={`question-${q.id}-text`}
                    value={answers.standard === null ? '' : String(answers.standard)}
                    onChange={(event) => set('standard', Number(event.target.value) as 0 | 1 | 2)}
                  >
                    {SIZE_TIERS.map((tier, i) => (
                      <FormControlLabel key={tier} value={String(i)} control={<Radio />} label={tier} />
                    ))}
                  </RadioGroup>
                  {price !== null && (
                    <Box sx={{ mt: 1, pl: 2, borderLeft: 3, borderColor: 'divider' }} id="question-average-points">
                      <Typography>{AVERAGE_PRICE_QUESTION.question.replace('{price}', `$${price}`)}</Typography>
                      <YesNo
                        name="average-points"
                        label="Average price"
                        value={answers['average-points']}
                        onChange={(v) => set('average-points', v)}
                      />
                      {missing.includes('average-points') && (
                        <Typography color="error" variant="body2" role="alert">
                          {ANSWER_REQUIRED}
                        </Typography>
                      )}
                    </Box>
                  )}
                </Box>
              ) : (
                <YesNo
                  name={q.id}
                  label={`Question ${number}`}
                  value={answers[q.id as YesNoKey]}
                  onChange={(v) => set(q.id as YesNoKey, v)}
                />
              )}
              {error && (
                <Typography color="error" variant="body2" role="alert">
                  {error}
                </Typography>
              )}
              <LearnMore question={q} number={number} />
            </Paper>
          );
        })}
      </Box>
      <Box sx={{ my: 3 }}>
        <Button variant="contained" size="large" onClick={rate}>
          Rate My Product
        </Button>
      </Box>

      {rated && rating && (
        <Paper
          id="qualifier-results"
          variant="outlined"
          sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 3 }}
          aria-labelledby="results-heading"
        >
          <Typography id="results-heading" variant="h2" sx={{ fontSize: '1.5rem' }}>
            Your Result
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 3, flexWrap: 'wrap' }}>
            <Typography id="qualifier-score" sx={{ fontSize: '2.5rem', fontWeight: 800 }}>
              <Box component="span" sx={VISUALLY_HIDDEN}>
                Score:{' '}
              </Box>
              {rated.score}/{MAX_SCORE}
            </Typography>
            <Thumbs band={rating} />
            <Typography sx={{ fontWeight: 600 }}>{RATING_LABELS[rating]}</Typography>
          </Box>
          {showsCongratulations(rated.score) && <Alert severity="success">{CONGRATULATIONS}</Alert>}
          <Box sx={{ maxWidth: 640 }}>
            <VideoFacade
              videoKey={RATING_VIDEOS[rating]}
              title={`What your ${RATING_LABELS[rating].toLowerCase()} means`}
            />
          </Box>
          <AnswerFeedback lines={answerLines(rated.answers)} />
          <Suspense fallback={null}>
            <ResultsMail
              key={round}
              answers={rated.answers}
              score={rated.score}
              band={rating}
              ownEmail={user.email ?? ''}
            />
          </Suspense>
        </Paper>
      )}

      <PastRatings onOpen={reopen} />

      <Box sx={{ mt: 4 }}>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
          Need more feedback?
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          <li>
            <Link href={config.secondEyesUrl} target="_blank" rel="noopener noreferrer">
              Book a 2nd-eyes session
            </Link>
          </li>
          <li>
            <Link href={config.coachingClinicUrl} target="_blank" rel="noopener noreferrer">
              Join the product research coaching clinic
            </Link>
          </li>
        </Box>
      </Box>

      <LazyConfirmDialog
        open={confirm}
        title="Refresh"
        confirmLabel="Refresh"
        pending={false}
        onConfirm={refresh}
        onClose={() => setConfirm(false)}
      >
        {QUALIFIER_REFRESH_QUESTION}
      </LazyConfirmDialog>
    </Box>
  );
}
