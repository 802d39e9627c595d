/** Where the verifier's scam report queue lives (docs/product.md#scam-reports); the navigation names it in src/console/sections.ts. */
export const SCAM_REPORTS_PATH = '/console/scam-reports'
export const scamReportGroupPath = (id: number) => `${SCAM_REPORTS_PATH}/${id}`
