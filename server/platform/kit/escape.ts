const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/**
 * Text into HTML or XML (mails, the sign-in pages, feeds, the sitemap, fallback pages), in text and in
 * quoted attributes alike. One form everywhere, so that the erasure of a person finds their name in a
 * stored mail exactly as it was written (accounts/console/person-traces.ts).
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ENTITIES[character] as string)
}
