/** Addresses of the certificate screens and the PDF; small enough to live in the shell. */
const encodedId = (id: string) => encodeURIComponent(id);

/** The printable page of a member's certificate (route '/certificates/:id/print'). */
export const certificatePagePath = (id: string) => `/certificates/${encodedId(id)}/print`;
/** The public verification page, no sign-in needed (route '/certificates/:id'). */
export const certificateVerifyPath = (id: string) => `/certificates/${encodedId(id)}`;
export const certificateApiPath = (id: string) => `/api/certificates/${encodedId(id)}`;
export const certificatePdfUrl = (id: string) => `${certificateApiPath(id)}/pdf`;
