import { CONSOLE_HOME } from './paths.ts'

/** The console's catalogue pages: exhibitions with their ticket types and coupons (docs/product.md#console-catalog). */
export const EXHIBITIONS_PATH = `${CONSOLE_HOME}/exhibitions`
export const NEW_EXHIBITION_PATH = `${EXHIBITIONS_PATH}/new`
export const exhibitionPath = (id: number) => `${EXHIBITIONS_PATH}/${id}`
/** An exhibition's halls and booths (docs/product.md#console-floor-plans). */
export const floorPlanPath = (id: number) => `${exhibitionPath(id)}/floor-plan`
/** The exhibition's checklist for its exhibitors (docs/product.md#console-exhibitor-tasks). */
export const exhibitorTasksPath = (id: number) => `${exhibitionPath(id)}/exhibitor-tasks`
