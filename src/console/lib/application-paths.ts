import { CONSOLE_HOME } from './paths.ts'

/** The console's application pages (docs/product.md#console-applications). */
export const APPLICATIONS_PATH = `${CONSOLE_HOME}/applications`
export const applicationPath = (reference: string) => `${APPLICATIONS_PATH}/${encodeURIComponent(reference)}`
