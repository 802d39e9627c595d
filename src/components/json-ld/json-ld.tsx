import { serializeForScript } from '../../lib/serialize.ts'

/**
 * Structured data for search engines (schema.org as JSON-LD). The JSON is serialised with `<`, `>`
 * and `&` escaped, so no value (a title an editor typed) can close the element. The element is
 * data, not script: the CSP's `script-src 'self'` does not apply to it.
 */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeForScript({ '@context': 'https://schema.org', ...data }) }} />
}
