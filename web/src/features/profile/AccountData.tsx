import DeleteForeverRounded from '@mui/icons-material/DeleteForeverRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { accountExportFileName } from '@rainmakers/contracts/account-constants';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { accountApi } from '../../api/account';
import { errorMessage } from '../../api/client';
import { toast } from '../../components/toast';

// The dialog comes with the click: it is not part of /profile's first load.
const CloseAccountDialog = lazy(() => import('./CloseAccountDialog'));

export const DATA_DOWNLOADED = 'Your data is downloaded';

/** Saves the file the way the browser saves any download (no new tab, nothing kept in memory after). */
function saveFile(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * /profile, Your data: download everything the product holds about her (GET /api/account/export, one JSON file),
 * and close her account (a dialog asks for her password). Not shown to an admin signed in as her.
 */
export function AccountData() {
  const [closing, setClosing] = useState(false);
  const download = useMutation({
    mutationFn: accountApi.exportData,
    onSuccess: (file) => {
      saveFile(accountExportFileName(file.userId, new Date(file.exportedAt)), JSON.stringify(file, null, 2));
      toast(DATA_DOWNLOADED, 'success');
    },
    onError: (error) => toast(errorMessage(error), 'error'),
  });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, mt: 3 }} component="section" aria-labelledby="your-data">
      <Typography id="your-data" variant="h4" component="h2" sx={{ mb: 1.5 }}>
        Your data
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
        Download everything we hold about you as one file: your profile, courses and certificates, your board, products,
        qualifier results, AI conversations, purchases and receipts, notifications and settings. Or close your account
        for good.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap>
        <Button
          variant="outlined"
          startIcon={<DownloadRounded />}
          loading={download.isPending}
          loadingPosition="start"
          onClick={() => download.mutate()}
        >
          Download my data
        </Button>
        <Button color="error" variant="outlined" startIcon={<DeleteForeverRounded />} onClick={() => setClosing(true)}>
          Close my account
        </Button>
      </Stack>
      {closing && (
        <Suspense fallback={null}>
          <CloseAccountDialog onClose={() => setClosing(false)} />
        </Suspense>
      )}
    </Paper>
  );
}
