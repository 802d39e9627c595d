const UNSAFE = /[<>&\u2028\u2029]/g
const ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' }

/**
 * JSON for a `<script type="application/json">` element. `<`, `>` and `&` are escaped (and the two
 * JavaScript line terminators), so no value can close the element or open a comment, whatever a
 * visitor or an editor typed (docs/product.md#hydration-data). One pass over the text: every page
 * render runs it on the whole hydration state.
 */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE, (character) => ESCAPES[character] ?? character)
}
