/** The e-mail that confirms a closed account (pure). */
import { CLOSED_ACCOUNT_KEPT } from '@rainmakers/contracts';

/** One confirmation per account: a retried close queues nothing more. */
export const accountClosedJobId = (userId: number) => `account-closed-${userId}`;

export function accountClosedMail(person: { fullName: string; email: string }): {
  to: string;
  subject: string;
  text: string;
} {
  return {
    to: person.email,
    subject: 'Your account is closed',
    text: [
      `Hi ${person.fullName},`,
      '',
      'As you asked, your account is closed: you have been signed out everywhere and your data is being deleted.',
      '',
      CLOSED_ACCOUNT_KEPT,
      '',
      'If you did not ask for this, reply to this e-mail straight away.',
    ].join('\n'),
  };
}
