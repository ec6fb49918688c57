/** Texts of the certificate screens (beyond the spec: issue 13). */
export const CERTIFICATE_MISSING = 'No such certificate exists.';
export const CERTIFICATE_GENUINE = 'This certificate is genuine.';
