import { SecondFactorSettings } from '../../components/second-factor/SecondFactorSettings';
import { AccountData } from './AccountData';
import { CommunitySettings } from './CommunitySettings';
import { EmailSettings } from './EmailSettings';
import { ThemeSettings } from './ThemeSettings';
import { TimeZoneSettings } from './TimeZoneSettings';

/**
 * The profile's sections below its form (second factor, colours, time zone, e-mails, community, her data), one lazy part of
 * the page (`secondFactor` and her data: her own account only, never an admin signed in as her):
 * their switches, radio groups, text areas and dialogs were two thirds of the files /profile fetched before its
 * heading (docs/decisions.md, "Web first load").
 */
export default function ProfileSettings({ secondFactor, community }: { secondFactor: boolean; community: boolean }) {
  return (
    <>
      {secondFactor && <SecondFactorSettings />}
      <ThemeSettings />
      <TimeZoneSettings />
      <EmailSettings />
      {community && <CommunitySettings />}
      {secondFactor && <AccountData />}
    </>
  );
}
