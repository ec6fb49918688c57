/** Every screen is its own lazily loaded chunk; later work replaces one feature file without touching the router. */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { PageKey } from '../lib/routes';

export const PAGES: Record<PageKey, LazyExoticComponent<ComponentType>> = {
  signIn: lazy(() => import('../features/auth/SignInPage')),
  signUp: lazy(() => import('../features/auth/SignUpPage')),
  forgotPassword: lazy(() => import('../features/auth/ForgotPasswordPage')),
  resetPassword: lazy(() => import('../features/auth/ResetPasswordPage')),
  invitation: lazy(() => import('../features/auth/InvitationPage')),
  blocked: lazy(() => import('../features/blocked/BlockedPage')),
  dashboard: lazy(() => import('../features/dashboard/DashboardPage')),
  courses: lazy(() => import('../features/courses/catalogue/CoursesPage')),
  course: lazy(() => import('../features/courses/course/CoursePage')),
  courseInsights: lazy(() => import('../features/courses/insights/CourseInsightsPage')),
  lessonRedirect: lazy(() => import('../features/courses/course/LessonRedirectPage')),
  profitCalculator: lazy(() => import('../features/tools/ProfitCalculatorPage')),
  productQualifier: lazy(() => import('../features/tools/ProductQualifierPage')),
  profile: lazy(() => import('../features/profile/ProfilePage')),
  moveTheNeedle: lazy(() => import('../features/board/MoveTheNeedlePage')),
  users: lazy(() => import('../features/users/UsersPage')),
  reviewQueue: lazy(() => import('../features/board/review/ReviewQueuePage')),
  member: lazy(() => import('../features/users/member/MemberPage')),
  communityProfile: lazy(() => import('../features/community/CommunityProfilePage')),
  tagManagement: lazy(() => import('../features/tags/TagManagementPage')),
  analytics: lazy(() => import('../features/analytics/AnalyticsPage')),
  resources: lazy(() => import('../features/resources/ResourcesPage')),
  dashboardBanners: lazy(() => import('../features/banners/DashboardBannersPage')),
  siteContent: lazy(() => import('../features/site-content/SiteContentPage')),
  broadcasts: lazy(() => import('../features/broadcasts/BroadcastsPage')),
  unsubscribe: lazy(() => import('../features/broadcasts/UnsubscribePage')),
  aiToolkit: lazy(() => import('../features/ai/AiToolkitPage')),
  aiToolkitChat: lazy(() => import('../features/ai/AiToolkitChatPage')),
  aiToolkitChatNova: lazy(() => import('../features/ai/AiToolkitChatNovaPage')),
  checkStripePayment: lazy(() => import('../features/billing/CheckStripePaymentPage')),
  certificate: lazy(() => import('../features/certificates/CertificatePage')),
  verifyCertificate: lazy(() => import('../features/certificates/VerifyCertificatePage')),
  receipt: lazy(() => import('../features/purchases/ReceiptPage')),
  notFound: lazy(() => import('../features/errors/NotFoundPage')),
};

/** Loaded on demand too: the members-only notice and the app frame are not needed on the sign-in screens. */
export const MembersOnlyNotice = lazy(() => import('../features/errors/MembersOnlyNotice'));
export const AppLayout = lazy(() => import('../layout/AppLayout'));
