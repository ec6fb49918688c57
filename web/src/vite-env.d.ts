/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SHIPPING_RATE_URL?: string;
  readonly VITE_SECOND_EYES_URL?: string;
  readonly VITE_COACHING_CLINIC_URL?: string;
  readonly VITE_RECOMMEND_RESOURCE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
