/** Today as YYYY-MM-DD where the member is: the default day of a retirement, of a document, of a scam first seen. */
export function localToday(): string {
  const now = new Date()
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`
}
