/**
 * A function of one string argument, remembered for the last `size` arguments (least recently
 * used goes first), for per-request work whose answer only depends on a header: user agents and
 * client addresses repeat, and an attacker cycling values only costs the function itself.
 */
export function memoize<T>(size: number, compute: (input: string) => T): (input: string) => T {
  const remembered = new Map<string, T>()
  return (input) => {
    const known = remembered.get(input)
    if (known !== undefined) {
      // Map keeps insertion order: re-inserting marks it recently used.
      remembered.delete(input)
      remembered.set(input, known)
      return known
    }
    const value = compute(input)
    remembered.set(input, value)
    if (remembered.size > size) remembered.delete(remembered.keys().next().value as string)
    return value
  }
}
