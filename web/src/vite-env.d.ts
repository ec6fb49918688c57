/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_CALENDAR_URL?: string;
  readonly VITE_SHIPPING_RATE_URL?: string;
  readonly VITE_SUPPORT_URL?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
  readonly VITE_COMMUNITY_URL?: string;
  readonly VITE_APPLY_URL?: string;
  readonly VITE_WELCOME_VIDEO_URL?: string;
  readonly VITE_QUALIFIER_VIDEO_BASE_URL?: string;
  readonly VITE_SECOND_EYES_URL?: string;
  readonly VITE_COACHING_CLINIC_URL?: string;
  readonly VITE_MTN_VIDEO_URL?: string;
  readonly VITE_RECOMMEND_RESOURCE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
