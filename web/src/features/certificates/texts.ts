/** Texts of the certificate screens (beyond the spec). */
export const CERTIFICATE_MISSING = 'No such certificate exists.';
export const CERTIFICATE_GENUINE = 'This certificate is genuine.';
