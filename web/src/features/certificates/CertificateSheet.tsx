import WorkspacePremiumRounded from '@mui/icons-material/WorkspacePremiumRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { certificateDateText } from '@rainmakers/contracts/certificate-text';
import type { PublicCertificate } from '../../api/certificates';
import { BrandLogo } from '../../components/BrandLogo';

/** Class of the element the print stylesheet keeps (everything else on the page is hidden when printing). */
export const PRINT_AREA_CLASS = 'certificate-print-area';

/**
 * The certificate as it is shown and printed: the member's name, the course, the date, the id and the address
 * where anyone can check it. Nothing else about the member.
 */
export function CertificateSheet({
  certificate,
  verificationUrl,
}: {
  certificate: PublicCertificate;
  verificationUrl: string;
}) {
  return (
    <Box
      component="section"
      aria-label="Certificate of Completion"
      className={PRINT_AREA_CLASS}
      sx={{
        bgcolor: (t) => (t.palette.mode === 'dark' ? 'background.paper' : '#FFFDF9'),
        color: 'text.primary',
        border: '3px solid',
        borderColor: 'primary.main',
        outline: '1px solid',
        outlineColor: 'primary.light',
        outlineOffset: '-12px',
        borderRadius: 2,
        px: { xs: 2.5, sm: 6 },
        py: { xs: 4, sm: 6 },
        textAlign: 'center',
        maxWidth: 900,
        mx: 'auto',
        '@media print': { boxShadow: 'none', borderRadius: 0, maxWidth: 'none' },
      }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'center', mb: 3 }}>
        <BrandLogo />
      </Box>
      <WorkspacePremiumRounded sx={{ fontSize: 48, color: 'primary.main' }} aria-hidden="true" />
      <Typography variant="h2" component="h2" sx={{ fontSize: { xs: '1.6rem', sm: '2.4rem' }, mt: 1 }}>
        Certificate of Completion
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 3, fontStyle: 'italic' }}>
        This certifies that
      </Typography>
      <Typography
        sx={{ fontSize: { xs: '1.6rem', sm: '2.2rem' }, fontWeight: 800, mt: 1, overflowWrap: 'anywhere' }}
        data-testid="certificate-name"
      >
        {certificate.fullName}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 2, fontStyle: 'italic' }}>
        has completed every lesson of the course
      </Typography>
      <Typography
        sx={{ fontSize: { xs: '1.25rem', sm: '1.6rem' }, fontWeight: 700, mt: 1, overflowWrap: 'anywhere' }}
        data-testid="certificate-course"
      >
        {certificate.courseTitle}
      </Typography>
      <Typography sx={{ mt: 3 }} data-testid="certificate-date">
        Completed on {certificateDateText(certificate.completedAt)}
      </Typography>
      <Box sx={{ mt: 5, pt: 2, borderTop: '1px solid', borderColor: 'divider' }}>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          Certificate ID: {certificate.id}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          Verify this certificate at {verificationUrl}
        </Typography>
      </Box>
    </Box>
  );
}
