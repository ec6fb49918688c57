import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import PrintRounded from '@mui/icons-material/PrintRounded';
import VerifiedRounded from '@mui/icons-material/VerifiedRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useCertificate } from '../../api/certificates';
import { ApiError, errorMessage } from '../../api/client';
import { PageHeader } from '../../components/PageHeader';
import { certificatePdfUrl, certificateVerifyPath } from '../../lib/certificatePaths';
import { CertificateSheet, PRINT_AREA_CLASS } from './CertificateSheet';
import { CERTIFICATE_MISSING } from './texts';

/** When printing, only the certificate: the app frame, the header and the buttons are hidden. */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        '@page': { size: 'A4 landscape', margin: '12mm' },
        'body *': { visibility: 'hidden' },
        [`.${PRINT_AREA_CLASS}, .${PRINT_AREA_CLASS} *`]: { visibility: 'visible' },
        // Fixed: placed on the page itself, whatever frame (sidebar, padding) holds it on screen.
        [`.${PRINT_AREA_CLASS}`]: { position: 'fixed', left: 0, top: 0, width: '100%', margin: 0 },
      },
    }}
  />
);

/** /certificates/{id}/print: the member's certificate, ready to print or download as a PDF. */
export default function CertificatePage() {
  const { id = '' } = useParams();
  const certificate = useCertificate(id);
  const verifyPath = certificateVerifyPath(id);

  const actions = (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1.5 }}>
      <Button component={RouterLink} to="/courses" startIcon={<ArrowBackRounded />}>
        Back to courses
      </Button>
      {certificate.data && (
        <>
          <Button variant="outlined" startIcon={<PrintRounded />} onClick={() => window.print()}>
            Print
          </Button>
          <Button
            variant="contained"
            startIcon={<DownloadRounded />}
            href={certificatePdfUrl(id)}
            download={`certificate-${id}.pdf`}
          >
            Download PDF
          </Button>
        </>
      )}
    </Stack>
  );

  return (
    <Box>
      {printStyles}
      <PageHeader title="Your Certificate" actions={actions} />
      {certificate.isPending ? (
        <Skeleton
          variant="rounded"
          height={420}
          sx={{ maxWidth: 900, mx: 'auto' }}
          aria-label="Loading the certificate"
        />
      ) : certificate.isError ? (
        <Alert
          severity={certificate.error instanceof ApiError && certificate.error.status === 404 ? 'warning' : 'error'}
        >
          {certificate.error instanceof ApiError && certificate.error.status === 404
            ? CERTIFICATE_MISSING
            : errorMessage(certificate.error)}
        </Alert>
      ) : (
        <>
          <CertificateSheet certificate={certificate.data} verificationUrl={`${window.location.origin}${verifyPath}`} />
          <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
            <Button component={RouterLink} to={verifyPath} startIcon={<VerifiedRounded />}>
              Open the public verification page
            </Button>
          </Box>
        </>
      )}
    </Box>
  );
}
