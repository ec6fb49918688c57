import CloudOffRounded from '@mui/icons-material/CloudOffRounded';
import Button from '@mui/material/Button';
import { MessagePage } from '../components/MessagePage';
import { useSession } from '../session/context';

/** The session check itself failed (server down or offline): say so instead of pretending nobody is signed in. */
export function ServerUnreachable() {
  const { retry } = useSession();
  return (
    <MessagePage
      icon={<CloudOffRounded />}
      title="We can't reach Rainmakers right now"
      actions={
        <Button variant="contained" onClick={retry}>
          Try again
        </Button>
      }
    >
      Check your internet connection. If it is working, the service may be restarting — please try again in a moment.
    </MessagePage>
  );
}
