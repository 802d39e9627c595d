import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { QrDetector } from '../../lib/qr-detector.ts'
import styles from './leads.module.css'

/** How often a frame is read, and the pause after each answer for the member to read it. */
const FRAME_MS = 150
const AFTER_ANSWER_MS = 1500

type CameraState = 'off' | 'starting' | 'on' | 'denied' | 'noScanner'

/**
 * The phone's camera reading badges (docs/product.md#leads), as the door's scanner does: the reader
 * (the browser's own, else ZXing in WebAssembly) is loaded only once the camera starts. The same code
 * held in view is sent once; the server makes a second scan of it the same lead anyway.
 */
export function Camera({ onCode }: { onCode: (code: string) => Promise<unknown> }) {
  const { t } = useTranslation('leads')
  const video = useRef<HTMLVideoElement>(null)
  const stream = useRef<MediaStream | null>(null)
  const [state, setState] = useState<CameraState>('off')
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
    let last = ''
    let quietUntil = 0
    const read = async () => {
      if (!running) return
      const element = video.current
      if (detector && element && element.readyState >= 2 && Date.now() >= quietUntil) {
        const found = await detector.detect(element).catch(() => [])
        const code = found[0]?.rawValue
        if (code && code !== last && running) {
          last = code
          await handler.current(code)
          quietUntil = Date.now() + AFTER_ANSWER_MS
        }
      }
      if (running) window.setTimeout(() => void read(), FRAME_MS)
    }
    void import('../../lib/qr-detector.ts')
      .then(({ createQrDetector }) => createQrDetector())
      .then((created) => {
        detector = created
        void read()
      })
      .catch(() => running && setState('noScanner'))
    return () => {
      running = false
    }
  }, [state])

  useEffect(
    () => () => {
      for (const track of stream.current?.getTracks() ?? []) track.stop()
    },
    [],
  )

  const start = async () => {
    if (!navigator.mediaDevices?.getUserMedia) return setState('noScanner')
    setState('starting')
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      if (video.current) {
        video.current.srcObject = stream.current
        await video.current.play().catch(() => undefined)
      }
      setState('on')
    } catch (error) {
      setState(error instanceof DOMException && error.name === 'NotAllowedError' ? 'denied' : 'noScanner')
    }
  }

  const showing = state === 'on' || state === 'starting'
  return (
    <div className={styles.camera}>
      {showing ? (
        <button type="button" className={styles.secondary} onClick={stop}>
          {t('scan.stop')}
        </button>
      ) : (
        <button type="button" className={styles.primary} onClick={() => void start()}>
          {t('scan.start')}
        </button>
      )}
      <video ref={video} className={showing ? styles.video : styles.videoOff} muted playsInline aria-label={t('scan.video')} />
      {state === 'on' ? <p className={styles.muted}>{t('scan.hint')}</p> : null}
      {state === 'denied' ? <p className={styles.alert}>{t('scan.denied')}</p> : null}
      {state === 'noScanner' ? <p className={styles.alert}>{t('scan.noCamera')}</p> : null}
    </div>
  )
}
