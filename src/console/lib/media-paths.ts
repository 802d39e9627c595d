import { CONSOLE_HOME } from './paths.ts'

/** The console's media library (issue 18). */
export const MEDIA_PATH = `${CONSOLE_HOME}/media`
export const mediaItemPath = (id: string) => `${MEDIA_PATH}/${encodeURIComponent(id)}`
