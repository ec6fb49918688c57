import LockRounded from '@mui/icons-material/LockRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { AI_COMING_SOON, AI_DEMO_NOTICE, AI_NOT_SET_UP, MASTERMIND_ONLY } from '@rainmakers/contracts/ai';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { type AssistantKey, useAssistants } from '../../api/ai';
import { errorMessage } from '../../api/client';
import { PageHeader } from '../../components/PageHeader';
import { VideoFacade } from '../../components/VideoFacade';
import { useCurrentUser } from '../../session/context';

const PromptDialog = lazy(() => import('./PromptDialog'));

/** The AI Toolkit (spec part 2 §2): the intro video and the five assistants with their access rules. */
export default function AiToolkitPage() {
  const assistants = useAssistants();
  const isAdmin = useCurrentUser().can.administer;
  const [editing, setEditing] = useState<{ key: AssistantKey; name: string } | null>(null);
  return (
    <Box>
      <PageHeader title="AI Toolkit" />
      <Box sx={{ maxWidth: 720, mb: 4 }}>
        <VideoFacade videoKey="ai-toolkit-intro" title="Meet your AI assistants" />
      </Box>
      {assistants.isPending ? (
        <Box role="status" aria-label="Loading assistants" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress />
        </Box>
      ) : assistants.isError ? (
        <Alert severity="error">{errorMessage(assistants.error)}</Alert>
      ) : (
        <>
          {assistants.data.demo && (
            <Alert severity="warning" sx={{ mb: 3 }} data-testid="ai-demo-notice">
              {AI_DEMO_NOTICE}
            </Alert>
          )}
          {!assistants.data.configured && (
            <Alert severity="info" sx={{ mb: 3 }}>
              {AI_NOT_SET_UP}
            </Alert>
          )}
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
            }}
          >
            {assistants.data.assistants.map((a) => {
              const blocked = !a.available;
              return (
                <Card
                  key={a.key}
                  variant="outlined"
                  component="article"
                  aria-label={a.name}
                  sx={{ display: 'flex', flexDirection: 'column' }}
                >
                  <CardContent sx={{ flex: 1 }}>
                    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
                      <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 600 }}>
                        {a.name}
                      </Typography>
                      {a.comingSoon && <Chip size="small" label={AI_COMING_SOON} />}
                    </Box>
                    <Typography variant="body2" color="text.secondary">
                      {a.description}
                    </Typography>
                  </CardContent>
                  <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
                    {blocked ? (
                      <Typography sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 600 }}>
                        <LockRounded fontSize="small" aria-hidden />
                        {MASTERMIND_ONLY}
                      </Typography>
                    ) : a.comingSoon || !a.route ? null : (
                      <Button
                        variant="contained"
                        component={RouterLink}
                        to={a.route}
                        disabled={!assistants.data.configured}
                        aria-label={`Start chatting with ${a.name}`}
                      >
                        Start chatting
                      </Button>
                    )}
                    {isAdmin && (
                      <Button
                        size="small"
                        onClick={() => setEditing({ key: a.key, name: a.name })}
                        aria-label={`Edit prompt of ${a.name}`}
                      >
                        Edit prompt
                      </Button>
                    )}
                  </CardActions>
                </Card>
              );
            })}
          </Box>
        </>
      )}
      {editing && (
        <Suspense fallback={null}>
          <PromptDialog assistant={editing.key} name={editing.name} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </Box>
  );
}
