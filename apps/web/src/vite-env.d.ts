/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the app host (e.g. https://app.snaptrack.example); empty: same origin + ?app=true. */
  readonly VITE_APP_ORIGIN?: string;
  /** Version shown in footers when the version endpoint is unreachable. */
  readonly VITE_APP_VERSION?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
