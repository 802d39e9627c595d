/**
 * Where the lead scanner keeps what it needs offline (docs/product.md#leads-offline): its queue and the
 * key that checks codes in IndexedDB, the page and its files in the service worker's cache.
 */
export const LEADS_DATABASE = 'leads-scanner'
export const LEADS_STORE = 'devices'
export const LEADS_WORKER = '/leads-sw.js'
/** The same name as CACHE in public/leads-sw.js. */
export const LEADS_CACHE = 'leads-scanner-v1'
/** The scanner's page in each language: the worker's scope. */
export const LEADS_SCOPE = /^\/[a-z-]+\/exhibitor\/leads$/
export const leadsScope = (lang: string) => `/${lang}/exhibitor/leads`
