/**
 * A function of one string argument, remembered for at least the last `size` distinct arguments,
 * for per-request work whose answer only depends on a header: user agents and client addresses
 * repeat, and an attacker cycling values only costs the function itself. Least recently used goes
 * first, in two generations: a hit costs one or two lookups and no reordering, and at most
 * 2 × `size` answers are held.
 */
export function memoize<T>(size: number, compute: (input: string) => T): (input: string) => T {
  let young = new Map<string, T>()
  let old = new Map<string, T>()
  const keep = (input: string, value: T) => {
    young.set(input, value)
    if (young.size >= size) {
      old = young
      young = new Map()
    }
    return value
  }
  return (input) => {
    const recent = young.get(input)
    if (recent !== undefined) return recent
    const earlier = old.get(input)
    return keep(input, earlier !== undefined ? earlier : compute(input))
  }
}
