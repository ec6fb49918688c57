import DownloadRounded from '@mui/icons-material/DownloadRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** The recovery codes as a text file, made in the browser (nothing is sent anywhere). */
function downloadCodes(codes: string[]): void {
  const text = ['Rainmakers recovery codes: each signs you in once without your authenticator app.', '', ...codes, ''];
  const url = URL.createObjectURL(new Blob([text.join('\n')], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'rainmakers-recovery-codes.txt';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The ten recovery codes, shown once (the server keeps only their hashes), with a download. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <Box>
      <Alert severity="warning" sx={{ mb: 2 }}>
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only
        now.
      </Alert>
      <Box
        component="ul"
        aria-label="Recovery codes"
        sx={{
          listStyle: 'none',
          p: 2,
          m: 0,
          mb: 2,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 1,
          bgcolor: 'action.hover',
          borderRadius: 1,
        }}
      >
        {codes.map((code) => (
          <Typography component="li" key={code} sx={{ fontFamily: 'monospace', fontSize: '1rem' }}>
            {code}
          </Typography>
        ))}
      </Box>
      <Button variant="outlined" startIcon={<DownloadRounded />} onClick={() => downloadCodes(codes)}>
        Download recovery codes
      </Button>
    </Box>
  );
}
