import { CONSOLE_HOME } from './paths.ts'

/** The console's exhibitor pages (docs/product.md#console-exhibitors). */
export const EXHIBITORS_PATH = `${CONSOLE_HOME}/exhibitors`
export const exhibitorPath = (id: number) => `${EXHIBITORS_PATH}/${id}`
