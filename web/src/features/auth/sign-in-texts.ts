/** The second step's way back to the password (a link to /signin starts the steps over). */
export const START_OVER = { text: 'Not you, or took too long?', linkText: 'Sign in again', to: '/signin' };
