import { useEffect, useRef, useState } from 'react'

/**
 * Each choice of a video (even the one already in the player) is a request to play it. After a
 * choice, the player comes into view with the keyboard focus on it and plays. A player that has just
 * been mounted for a new video starts itself once it knows how (autoPlay); the one already on screen
 * (its engine chosen) is started here.
 */
export function usePlayRequest(playingId: number | undefined) {
  const playerSection = useRef<HTMLElement>(null)
  const [playRequest, setPlayRequest] = useState<{ id: number; count: number } | null>(null)

  useEffect(() => {
    if (!playRequest || playRequest.id !== playingId) return
    const section = playerSection.current
    if (!section) return
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    section.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' })
    const media = section.querySelector('video')
    media?.focus({ preventScroll: true })
    if (media?.dataset.engine && media.paused) media.play().catch(() => {})
  }, [playRequest, playingId])

  const requestPlay = (id: number) => setPlayRequest((previous) => ({ id, count: (previous?.count ?? 0) + 1 }))
  return { playerSection, playRequested: playRequest !== null, requestPlay }
}
