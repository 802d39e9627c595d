import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import ui from '../../ui/ui.module.css'
import styles from './checkin.module.css'
import type { QrDetector } from '../../../lib/qr-detector.ts'
import { readySound } from './feedback.ts'

/** How often a frame is read, and how long a code must have been out of view before it is answered again. */
const FRAME_MS = 150
const SAME_CODE_HOLD_MS = 3000
/** After any answer, a breath for the person at the door to read it. */
const AFTER_ANSWER_MS = 1200

type CameraState = 'off' | 'starting' | 'on' | 'denied' | 'unavailable' | 'noScanner'

/**
 * The camera, reading QR codes for as long as it is on: each new code goes to `onCode` once; the
 * same code is not answered again while it stays in view, nor until it has been away a few seconds.
 */
export function Scanner({ onCode }: { onCode: (code: string) => Promise<unknown> }) {
  const { t } = useTranslation()
  const video = useRef<HTMLVideoElement>(null)
  const [state, setState] = useState<CameraState>('off')
  const stream = useRef<MediaStream | null>(null)
  const handler = useRef(onCode)
  handler.current = onCode

  const stop = () => {
    for (const track of stream.current?.getTracks() ?? []) track.stop()
    stream.current = null
    setState('off')
  }

  useEffect(() => {
    if (state !== 'on') return
    let running = true
    let detector: QrDetector | null = null
    // The code last answered, and since when it has been out of view (0 while it is in view): a
    // ticket held up is answered once however long it stays, even when reading stalls for a while.
    let held = { code: '', goneAt: 0 }
    let quietUntil = 0
    const read = async () => {
      if (!running) return
      const element = video.current
      if (detector && element && element.readyState >= 2 && Date.now() >= quietUntil) {
        const found = await detector.detect(element).catch(() => [])
        const code = found[0]?.rawValue
        const now = Date.now()
        if (held.code && code !== held.code && !held.goneAt) held.goneAt = now
        if (code && running) {
          if (code === held.code && (!held.goneAt || now - held.goneAt < SAME_CODE_HOLD_MS)) held.goneAt = 0
          else {
            held = { code, goneAt: 0 }
            await handler.current(code)
            quietUntil = Date.now() + AFTER_ANSWER_MS
          }
        }
      }
      if (running) window.setTimeout(() => void read(), FRAME_MS)
    }
    void import('../../../lib/qr-detector.ts')
      .then(({ createQrDetector }) => createQrDetector())
      .then((created) => {
        detector = created
        void read()
      })
      // The camera works; its reader does not (its code never reached this phone, or will not run).
      .catch(() => running && setState('noScanner'))
    return () => {
      running = false
    }
  }, [state])

  // Leaving the screen lets the camera go.
  useEffect(
    () => () => {
      for (const track of stream.current?.getTracks() ?? []) track.stop()
    },
    [],
  )

  const start = async () => {
    readySound()
    if (!navigator.mediaDevices?.getUserMedia) return setState('unavailable')
    setState('starting')
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      if (video.current) {
        video.current.srcObject = stream.current
        await video.current.play().catch(() => undefined)
      }
      setState('on')
    } catch (error) {
      setState(error instanceof DOMException && error.name === 'NotAllowedError' ? 'denied' : 'unavailable')
    }
  }

  const showing = state === 'on' || state === 'starting'
  return (
    <section className={ui.panel} aria-labelledby="checkin-camera">
      <div className={styles.panelHead}>
        <h2 id="checkin-camera" className={ui.panelTitle}>
          {t('checkin.camera.title')}
        </h2>
        {showing ? (
          <button type="button" className={ui.button} onClick={stop}>
            {t('checkin.camera.stop')}
          </button>
        ) : (
          <button type="button" className={`${ui.button} ${ui.primary}`} onClick={() => void start()}>
            {t('checkin.camera.start')}
          </button>
        )}
      </div>
      <video ref={video} className={showing ? styles.video : styles.videoOff} muted playsInline aria-label={t('checkin.camera.view')} />
      {state === 'on' ? <p className={ui.hint}>{t('checkin.camera.hint')}</p> : null}
      {state === 'denied' ? <p className={ui.alert}>{t('checkin.camera.denied')}</p> : null}
      {state === 'unavailable' ? <p className={ui.alert}>{t('checkin.camera.unavailable')}</p> : null}
      {state === 'noScanner' ? <p className={ui.alert}>{t('checkin.camera.noScanner')}</p> : null}
    </section>
  )
}
