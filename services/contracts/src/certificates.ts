/**
 * Certificates of completion (beyond the spec): one per member and course, issued by the courses service
 * when the member has completed every lesson of the course they can open. The public answer carries only what the
 * certificate shows.
 */
import { z } from 'zod';
import { idParam } from './fields';

export { certificateDateText, certificateVerificationPath } from './certificate-text';

export const CERTIFICATE_NOT_FOUND = 'Certificate not found';

/** Certificate ids are random UUIDs (122 random bits): they cannot be guessed or enumerated. */
export const certificateIdSchema = z.uuid();

/** GET /api/certificates/{id}: what the certificate shows, and nothing else about the member. */
export const publicCertificateSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  courseTitle: z.string(),
  /** When the member had completed the last lesson that counted (ISO 8601). */
  completedAt: z.string(),
});
export type PublicCertificate = z.infer<typeof publicCertificateSchema>;
export const certificateResponseSchema = z.object({ certificate: publicCertificateSchema });
export type CertificateResponse = z.infer<typeof certificateResponseSchema>;

/** GET /api/certificates/mine: the signed-in member's own certificates, optionally for one course. */
export const myCertificatesQuerySchema = z.object({ courseId: idParam.optional() });
export type MyCertificatesQuery = z.infer<typeof myCertificatesQuerySchema>;
export const ownCertificateSchema = publicCertificateSchema.extend({ courseId: z.number().int() });
export type OwnCertificate = z.infer<typeof ownCertificateSchema>;
export const myCertificatesResponseSchema = z.object({ certificates: z.array(ownCertificateSchema) });
export type MyCertificatesResponse = z.infer<typeof myCertificatesResponseSchema>;
