import { CONSOLE_HOME } from './paths.ts'

/** The console's order pages (docs/product.md#console-orders). */
export const ORDERS_PATH = `${CONSOLE_HOME}/orders`
export const PAYMENT_QUEUE_PATH = `${CONSOLE_HOME}/payments`
export const orderPath = (number: string) => `${ORDERS_PATH}/${encodeURIComponent(number)}`
