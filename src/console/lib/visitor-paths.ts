import { CONSOLE_HOME } from './paths.ts'

/** The console's visitor-account pages (docs/product.md#console-visitors). */
export const VISITORS_PATH = `${CONSOLE_HOME}/visitors`
export const visitorPath = (id: string) => `${VISITORS_PATH}/${encodeURIComponent(id)}`
