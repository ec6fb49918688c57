import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { EnrolmentStart } from '@rainmakers/contracts';
import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';
import { FormField } from '../FormField';

/**
 * What an authenticator app needs: the otpauth:// address as a QR code (a data: image, which the CSP's
 * img-src allows) and the secret as text for typing in by hand.
 */
export function AuthenticatorSetup({ enrolment }: { enrolment: EnrolmentStart }) {
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    toDataURL(enrolment.otpauthUrl, { margin: 1, width: 200, errorCorrectionLevel: 'M' }).then(
      (url) => live && setQr(url),
      () => live && setQr(null),
    );
    return () => {
      live = false;
    };
  }, [enrolment.otpauthUrl]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'center' }}>
      <Box
        sx={{
          width: 200,
          height: 200,
          flexShrink: 0,
          bgcolor: '#ffffff',
          borderRadius: 1,
          display: 'grid',
          placeItems: 'center',
        }}
      >
        {qr && <img src={qr} width={200} height={200} alt="QR code to scan with your authenticator app" />}
      </Box>
      <Box sx={{ flex: 1, width: '100%' }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Scan the QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password...), or
          type this key into it. Then enter the six-digit code the app shows.
        </Typography>
        <FormField
          label="Secret key"
          name="secret"
          value={enrolment.secret}
          readOnly
          inputProps={{ spellCheck: false, style: { fontFamily: 'monospace', letterSpacing: '0.05em' } }}
        />
      </Box>
    </Box>
  );
}
