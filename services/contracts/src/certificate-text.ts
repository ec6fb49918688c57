/** Zod-free helpers of certificates, shared by the courses service and the web (`@rainmakers/contracts/certificate-text`). */

/** The public verification page of a certificate, relative to the web app's address. */
export const certificateVerificationPath = (id: string) => `/certificates/${id}`;

/**
 * The date printed on a certificate, in English and in UTC so that the page, the PDF and the verification page
 * agree wherever they are read: "24 November 2026".
 */
export function certificateDateText(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    date,
  );
}
