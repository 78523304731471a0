/** Where users reach a person; a deployment sets its own address with VITE_SUPPORT_EMAIL. */
export const SUPPORT_EMAIL: string = import.meta.env.VITE_SUPPORT_EMAIL || 'support@ringcheck.example';
