import type { Role } from '@rainmakers/contracts';

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  coach: 'Coach',
  premium: 'Premium',
  'course only': 'Course only',
  basic: 'Basic',
};
