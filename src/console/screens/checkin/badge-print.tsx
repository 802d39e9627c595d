import QRCode from 'qrcode'
import { useEffect, useId, useMemo } from 'react'
import { createPortal } from 'react-dom'
import { useTranslation } from 'react-i18next'
import { type BadgeStock, qrModulesPath } from '../../../../shared/rules/badges.ts'
import ui from '../../ui/ui.module.css'
import { ROLE_BAND } from './answer.tsx'
import styles from './badge-print.module.css'
import type { DoorScan } from './door-model.ts'

interface BadgePrintProps {
  scan: DoorScan
  exhibition: string
  stock: BadgeStock
  onClose(): void
}

/**
 * The badge of the person just let in, printed at the door (docs/product.md#badges): an HTML page
 * sized for the stock with `@page`, not the PDF, because phone and tablet browsers print their own
 * pages reliably but hand a PDF to a viewer (or only download it) instead of printing it. The QR code
 * is the one just scanned, drawn here as SVG, so printing works without the network; a ticket picked
 * by name has no code on the device and prints without one. Not in the screen's first load (device.ts
 * fetches it once the door is up, for its service worker to keep).
 */
export default function BadgePrint({ scan, exhibition, stock, onClose }: BadgePrintProps) {
  const { t } = useTranslation()
  const ids = useId()
  const qr = useMemo(() => {
    if (!scan.code) return null
    const modules = QRCode.create(scan.code, { errorCorrectionLevel: 'M' }).modules
    return { path: qrModulesPath(modules), size: modules.size }
  }, [scan.code])
  const role = scan.role ?? 'visitor'

  // The dialog opens once the sheet is on the page; the member can print again or go back.
  useEffect(() => {
    window.print()
  }, [])

  return createPortal(
    <div className={styles.printRoot} role="dialog" aria-modal="true" aria-labelledby={`${ids}-title`}>
      <div className={styles.controls}>
        <h2 id={`${ids}-title`} className={ui.panelTitle}>
          {t('checkin.print.title')}
        </h2>
        <p className={ui.hint}>{t('checkin.print.hint')}</p>
        <div className={ui.actions}>
          <button type="button" className={`${ui.button} ${ui.primary}`} onClick={() => window.print()}>
            {t('checkin.print.action')}
          </button>
          <button type="button" className={ui.button} onClick={onClose}>
            {t('checkin.print.close')}
          </button>
        </div>
      </div>
      <article className={`${styles.sheet} ${stock === 'a6' ? styles.a6 : styles.cr80}`} data-stock={stock} data-testid="badge-sheet">
        <div className={styles.body}>
          <p className={styles.exhibition}>{exhibition}</p>
          <p className={styles.name}>{scan.name}</p>
          {scan.company || scan.holderCompany ? <p className={styles.company}>{scan.company || scan.holderCompany}</p> : null}
          {scan.jobTitle ? <p className={styles.position}>{scan.jobTitle}</p> : null}
          {qr ? (
            <svg className={styles.qr} viewBox={`0 0 ${qr.size} ${qr.size}`} role="img" aria-label={scan.name ?? ''} shapeRendering="crispEdges">
              <path d={qr.path} />
            </svg>
          ) : null}
        </div>
        <p className={`${styles.band} ${ROLE_BAND[role]}`} data-role={role}>
          {t(`badges.roles.${role}`)}
        </p>
      </article>
    </div>,
    document.body,
  )
}
