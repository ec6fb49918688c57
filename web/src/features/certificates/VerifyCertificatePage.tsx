import VerifiedRounded from '@mui/icons-material/VerifiedRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { certificateDateText } from '@rainmakers/contracts/certificate-text';
import { useParams } from 'react-router-dom';
import { useCertificate } from '../../api/certificates';
import { ApiError } from '../../api/client';
import { BrandLogo } from '../../components/BrandLogo';
import { usePageTitle } from '../../components/usePageTitle';
import { certificateVerifyPath } from '../../lib/certificatePaths';
import { CertificateSheet } from './CertificateSheet';
import { CERTIFICATE_GENUINE, CERTIFICATE_MISSING } from './texts';

/**
 * /certificates/{id}: the public verification page. Works signed out; confirms the certificate (name, course,
 * date) and shows nothing else about the member, or says plainly that no such certificate exists.
 */
export default function VerifyCertificatePage() {
  usePageTitle('Certificate verification');
  const { id = '' } = useParams();
  const certificate = useCertificate(id);
  const missing = certificate.error instanceof ApiError && certificate.error.status === 404;

  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default', px: { xs: 2, sm: 4 }, py: { xs: 3, sm: 5 } }}>
      <Box component="main" sx={{ maxWidth: 900, mx: 'auto' }}>
        <Box component="header" sx={{ mb: 3 }}>
          <BrandLogo />
        </Box>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' }, mb: 3 }}>
          Certificate verification
        </Typography>
        {certificate.isPending ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }} role="status">
            <CircularProgress size={28} aria-hidden="true" />
            <Typography>Checking the certificate…</Typography>
          </Box>
        ) : certificate.isError ? (
          <Alert severity={missing ? 'warning' : 'error'} role="alert">
            <AlertTitle>{missing ? CERTIFICATE_MISSING : 'We could not check this certificate right now.'}</AlertTitle>
            {missing
              ? 'Check the address you were given: it must match the certificate ID exactly.'
              : 'Please try again in a moment.'}
          </Alert>
        ) : (
          <>
            <Alert severity="success" icon={<VerifiedRounded />} sx={{ mb: 3 }}>
              <AlertTitle>{CERTIFICATE_GENUINE}</AlertTitle>
              Rainmakers issued it to {certificate.data.fullName} for completing {certificate.data.courseTitle} on{' '}
              {certificateDateText(certificate.data.completedAt)}.
            </Alert>
            <CertificateSheet
              certificate={certificate.data}
              verificationUrl={`${window.location.origin}${certificateVerifyPath(certificate.data.id)}`}
            />
          </>
        )}
      </Box>
    </Box>
  );
}
