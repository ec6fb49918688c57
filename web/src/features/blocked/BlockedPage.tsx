import BuildRounded from '@mui/icons-material/BuildRounded';
import CreditCardOffRounded from '@mui/icons-material/CreditCardOffRounded';
import MailOutlineRounded from '@mui/icons-material/MailOutlineRounded';
import Button from '@mui/material/Button';
import { SITE_LINK_DEFAULTS } from '@rainmakers/contracts/site-links';
import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { useCustomerPortal } from '../../api/billing';
import { usePublicSiteContent } from '../../api/siteContent';
import { MessagePage } from '../../components/MessagePage';
import { usePageTitle } from '../../components/usePageTitle';
import { isSubscriptionBlocked } from '../../lib/access';
import { useCurrentUser, useSession } from '../../session/context';
import { useSignOut } from '../../session/useSignOut';

export const BLOCKED_TITLE = "Looks like there's a problem with your subscription";
/** How often the page asks for the session again: a payment made meanwhile (the portal's webhook) lets them in. */
const RECHECK_MS = 3000;

/**
 * /blocked: where a blocking payment status lands. Fix opens the payment provider's customer portal. Coming back
 * from it can be quicker than the provider's webhook: the page asks for the session again every few seconds and
 * sends the person on as soon as the payment is known.
 */
export default function BlockedPage() {
  const publicContent = usePublicSiteContent().data;
  const supportMailto = `mailto:${publicContent?.links.supportEmail ?? SITE_LINK_DEFAULTS.supportEmail}`;
  usePageTitle('Subscription problem');
  const user = useCurrentUser();
  const portal = useCustomerPortal();
  const { signOut, pending: signingOut } = useSignOut();
  const { refresh } = useSession();
  const blocked = isSubscriptionBlocked(user);

  useEffect(() => {
    if (!blocked) return;
    const timer = setInterval(() => void refresh(), RECHECK_MS);
    return () => clearInterval(timer);
  }, [blocked, refresh]);

  // Nothing to fix (paid since, or always granted access): back to the product.
  if (!blocked) return <Navigate to="/" replace />;

  const customerId = user.stripeCustomerId;
  const fix = () => {
    if (!customerId) return;
    portal.mutate(customerId, {
      onSuccess: (url) => window.location.assign(url),
      // The spec: customer-portal errors are only logged, with no message to the person.
      onError: (error) => console.error('customer portal', error),
    });
  };

  return (
    <MessagePage
      icon={<CreditCardOffRounded />}
      tone="accent"
      title={BLOCKED_TITLE}
      footer={
        <>
          Not your account?{' '}
          <Button variant="text" size="small" onClick={signOut} loading={signingOut} sx={{ verticalAlign: 'baseline' }}>
            Sign out
          </Button>
        </>
      }
      actions={
        <>
          {customerId && (
            <Button
              variant="contained"
              size="large"
              startIcon={<BuildRounded />}
              loading={portal.isPending || portal.isSuccess}
              onClick={fix}
            >
              Fix
            </Button>
          )}
          <Button variant="outlined" size="large" startIcon={<MailOutlineRounded />} href={supportMailto}>
            Contact Support
          </Button>
        </>
      }
    >
      Your access is paused because your last membership payment didn't go through.{' '}
      {customerId
        ? 'Press Fix to update your payment details in our secure billing portal, and you will be right back in.'
        : 'Contact our support team and we will sort it out with you.'}
    </MessagePage>
  );
}
