import { useState } from 'react'

/** False until `open` is first true, then true for good: for content drawn on first use and kept. */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open)
  if (open && !opened) setOpened(true)
  return opened || open
}
