import { CONSOLE_HOME } from './paths.ts'

/** The exhibition pages' editor (docs/product.md#console-pages): exhibitions' pages as visitors read them, and the home page's adverts. */
export const PAGES_PATH = `${CONSOLE_HOME}/pages`
export const exhibitionContentPath = (id: number) => `${CONSOLE_HOME}/exhibitions/${id}/content`
export const ADVERTS_PATH = `${CONSOLE_HOME}/adverts`
