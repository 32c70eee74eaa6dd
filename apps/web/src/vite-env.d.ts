/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The address of the footer's contact-us link. */
  readonly VITE_CONTACT_EMAIL?: string;
}
