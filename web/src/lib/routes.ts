/**
 * The route table: every path of the web app, what it shows and who may open it. The router (routes/AppRoutes)
 * renders it and the sidebar (lib/navigation) reads the same access rules, so a menu entry never leads to a
 * screen the person may not open. Pure data: the page components are attached by key in routes/pages.tsx.
 */
import { isMoveTheNeedleHidden, OWN_BOARD_ROLES, PUBLIC_ROUTE, type RouteAccess } from './access';

export type PageKey =
  | 'signIn'
  | 'signUp'
  | 'forgotPassword'
  | 'resetPassword'
  | 'invitation'
  | 'blocked'
  | 'dashboard'
  | 'courses'
  | 'course'
  | 'courseInsights'
  | 'lessonRedirect'
  | 'profitCalculator'
  | 'productQualifier'
  | 'profile'
  | 'moveTheNeedle'
  | 'users'
  | 'reviewQueue'
  | 'member'
  | 'communityProfile'
  | 'tagManagement'
  | 'analytics'
  | 'resources'
  | 'dashboardBanners'
  | 'siteContent'
  | 'broadcasts'
  | 'unsubscribe'
  | 'aiToolkit'
  | 'aiToolkitChat'
  | 'aiToolkitChatNova'
  | 'checkStripePayment'
  | 'certificate'
  | 'verifyCertificate'
  | 'receipt'
  | 'notFound';

export const ACCESS = {
  /** Every signed-in person with a working subscription. */
  member: { roles: [PUBLIC_ROUTE] },
  /** The page that explains a payment problem; it must stay reachable while blocked. */
  blocked: { roles: [PUBLIC_ROUTE], allowBlocked: true },
  /** Own board: premium members and staff; hidden for premium accounts created after the cut-off. */
  ownBoard: { roles: OWN_BOARD_ROLES, hidden: isMoveTheNeedleHidden },
  /** Someone else's board: coaches (admins always pass), with the same hiding. */
  otherBoard: { roles: ['coach'], hidden: isMoveTheNeedleHidden },
  staff: { roles: ['admin', 'coach'] },
  admin: { roles: ['admin'] },
  /** The nova chat: holders of the tag nova (and admins). */
  nova: { roles: [], tags: ['nova'] },
} as const satisfies Record<string, RouteAccess>;

export type RouteDef =
  /** Sign-in and friends: no guard; `signedInGoesHome` sends a signed-in person to / (or where they wanted to go). */
  | { kind: 'guest'; path: string; page: PageKey; signedInGoesHome: boolean }
  /** Guarded screens; `bare` ones render without the sidebar. */
  | {
      kind: 'guarded';
      path: string;
      page: PageKey;
      access: RouteAccess;
      bare?: boolean;
      /** A person opening this path with their own id in `:id` is sent here (their own view of the same thing). */
      ownIdGoesTo?: string;
    }
  /** Old or short addresses that forward to the real one (query string kept). */
  | { kind: 'redirect'; path: string; to: string }
  /** Not-found: inside the layout when signed in, on its own otherwise. */
  | { kind: 'fallback'; path: string; page: PageKey };

export const ROUTES: readonly RouteDef[] = [
  { kind: 'guest', path: '/signin', page: 'signIn', signedInGoesHome: true },
  { kind: 'guest', path: '/signup', page: 'signUp', signedInGoesHome: true },
  { kind: 'guest', path: '/forgot-password', page: 'forgotPassword', signedInGoesHome: false },
  { kind: 'guest', path: '/reset-password/:token', page: 'resetPassword', signedInGoesHome: false },
  // An invitation e-mail's link: set the first password, land signed in.
  { kind: 'guest', path: '/invitation/:token', page: 'invitation', signedInGoesHome: false },
  // The public verification page of a certificate: the same for visitors and members.
  { kind: 'guest', path: '/certificates/:id', page: 'verifyCertificate', signedInGoesHome: false },
  // A broadcast's unsubscribe link: the page asks before it unsubscribes, signed in or not.
  { kind: 'guest', path: '/unsubscribe', page: 'unsubscribe', signedInGoesHome: false },

  { kind: 'guarded', path: '/blocked', page: 'blocked', access: ACCESS.blocked, bare: true },

  { kind: 'guarded', path: '/', page: 'dashboard', access: ACCESS.member },
  { kind: 'guarded', path: '/courses', page: 'courses', access: ACCESS.member },
  { kind: 'guarded', path: '/courses/:slug', page: 'course', access: ACCESS.member },
  // A course's insights for admins: before /courses/:slug/:moduleId, which it would otherwise match.
  { kind: 'guarded', path: '/courses/:slug/insights', page: 'courseInsights', access: ACCESS.admin },
  { kind: 'guarded', path: '/courses/:slug/:moduleId', page: 'course', access: ACCESS.member },
  { kind: 'guarded', path: '/courses/:slug/:moduleId/:lessonId', page: 'course', access: ACCESS.member },
  { kind: 'guarded', path: '/course/:moduleId/:lessonId', page: 'lessonRedirect', access: ACCESS.member },
  { kind: 'redirect', path: '/course', to: '/courses' },
  { kind: 'guarded', path: '/profit-calculator', page: 'profitCalculator', access: ACCESS.member },
  { kind: 'guarded', path: '/product-qualifier', page: 'productQualifier', access: ACCESS.member },
  { kind: 'guarded', path: '/profile', page: 'profile', access: ACCESS.member },
  // A member's community profile: the server decides who may see whom.
  { kind: 'guarded', path: '/community/:id', page: 'communityProfile', access: ACCESS.member },
  { kind: 'guarded', path: '/move-the-needle', page: 'moveTheNeedle', access: ACCESS.ownBoard },
  {
    kind: 'guarded',
    path: '/move-the-needle/:id',
    page: 'moveTheNeedle',
    access: ACCESS.otherBoard,
    // The spec opens /move-the-needle/{id} to coaches only; a member following a link to their own board gets it.
    ownIdGoesTo: '/move-the-needle',
  },
  { kind: 'guarded', path: '/users', page: 'users', access: ACCESS.staff },
  // The coaches' queue of FOR REVIEW cards.
  { kind: 'guarded', path: '/review-queue', page: 'reviewQueue', access: ACCESS.staff },
  // One member's page: the server decides whom a coach may open (premium members).
  { kind: 'guarded', path: '/users/:id', page: 'member', access: ACCESS.staff },
  { kind: 'guarded', path: '/tag-management', page: 'tagManagement', access: ACCESS.admin },
  // The community's numbers over time.
  { kind: 'guarded', path: '/analytics', page: 'analytics', access: ACCESS.admin },
  { kind: 'guarded', path: '/resources', page: 'resources', access: ACCESS.member },
  { kind: 'guarded', path: '/dashboard-banners', page: 'dashboardBanners', access: ACCESS.admin },
  // Videos and outside links of the product.
  { kind: 'guarded', path: '/site-content', page: 'siteContent', access: ACCESS.admin },
  { kind: 'guarded', path: '/broadcasts', page: 'broadcasts', access: ACCESS.admin },
  { kind: 'guarded', path: '/ai-toolkit', page: 'aiToolkit', access: ACCESS.member },
  { kind: 'guarded', path: '/ai-toolkit-chat', page: 'aiToolkitChat', access: ACCESS.member },
  { kind: 'guarded', path: '/ai-toolkit-chat-nova', page: 'aiToolkitChatNova', access: ACCESS.nova },
  { kind: 'guarded', path: '/check-stripe-payment', page: 'checkStripePayment', access: ACCESS.member },
  { kind: 'guarded', path: '/certificates/:id/print', page: 'certificate', access: ACCESS.member },
  // A purchase's receipt: the server answers its buyer and admins only.
  { kind: 'guarded', path: '/purchases/:id/receipt', page: 'receipt', access: ACCESS.member },
  { kind: 'redirect', path: '/ai-tool-kit', to: '/ai-toolkit' },
  { kind: 'redirect', path: '/ai-tool-kit-chat', to: '/ai-toolkit-chat' },
  { kind: 'redirect', path: '/ai-tool-kit-chat-nova', to: '/ai-toolkit-chat-nova' },

  { kind: 'fallback', path: '/not-found', page: 'notFound' },
  { kind: 'fallback', path: '*', page: 'notFound' },
];

/** The access rules of the guarded route with exactly this path pattern. */
export function accessOf(path: string): RouteAccess {
  const route = ROUTES.find((r) => r.path === path);
  if (route?.kind !== 'guarded') throw new Error(`No guarded route ${path}`);
  return route.access;
}
