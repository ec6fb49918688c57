/** Texts of the billing screens shared by several of them (kept apart so no screen downloads another's code). */
export const PAYMENT_SUCCESSFUL = 'Payment successful';
