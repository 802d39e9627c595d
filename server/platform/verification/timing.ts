import { setTimeout as sleep } from 'node:timers/promises'

/**
 * Every verification answer leaves no earlier than `floorMs` after the question arrived, so an
 * official and a non-official value take the same time (a lookup that finds a row and one that
 * does not differ by a fraction of a millisecond, which a patient attacker could still measure).
 */
export async function answerNoSoonerThan(startedAt: number, floorMs: number): Promise<void> {
  // A timer counts from the event loop's cached clock, which can be a millisecond or two behind
  // performance.now(), so it may fire early: wait again until the floor has really passed.
  for (let remaining = floorMs - (performance.now() - startedAt); remaining > 0; remaining = floorMs - (performance.now() - startedAt)) {
    await sleep(Math.ceil(remaining))
  }
}

/**
 * The key a visitor's address is counted under: an IPv6 visitor usually holds a whole /64, so the
 * limit applies to the /64; IPv4 (also IPv4-mapped IPv6) to the address.
 */
export function rateLimitKey(ip: string): string {
  const address = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')
  if (!address.includes(':')) return address || 'unknown'
  const [head = '', tail = ''] = address.toLowerCase().split('::')
  const headGroups = head ? head.split(':') : []
  const tailGroups = tail ? tail.split(':') : []
  const groups = address.includes('::')
    ? [...headGroups, ...Array(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'), ...tailGroups]
    : headGroups
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}
