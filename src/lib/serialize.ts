/**
 * JSON for a `<script type="application/json">` element. `<`, `>` and `&` are escaped (and the two
 * JavaScript line terminators), so no value can close the element or open a comment, whatever a
 * visitor or an editor typed (docs/product.md#hydration-data).
 */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
