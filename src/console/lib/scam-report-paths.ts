/** Where the verifier's scam report queue lives in the console (docs/product.md#scam-reports). */
export const SCAM_REPORTS_PATH = '/console/scam-reports'
export const scamReportGroupPath = (id: number) => `${SCAM_REPORTS_PATH}/${id}`
