import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { BADGE_STOCK_NAMES, type BadgeStock } from '../../../../shared/rules/badges.ts'
import { downloadBadges } from '../../lib/badge-download.ts'
import ui from '../../ui/ui.module.css'
import { useErrorText } from '../../ui/use-error-text.ts'

/** A valid ticket's badge, on either stock; a refusal is said beside the buttons. */
export default function BadgeButtons({ exhibitionId, ticketId, position }: { exhibitionId: number; ticketId: string; position: number }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  async function run(stock: BadgeStock) {
    setBusy(true)
    setError(null)
    try {
      await downloadBadges({ exhibitionId, ticketId, stock })
    } catch (caught) {
      setError(errorText(caught))
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      {BADGE_STOCK_NAMES.map((stock) => (
        <button key={stock} type="button" className={`${ui.button} ${ui.small}`} disabled={busy} onClick={() => void run(stock)}>
          {`${t('badges.one')} ${stock.toUpperCase()}`}
          <span className="visually-hidden">{` ${t('badges.oneLabel', { position, stock: t(`badges.${stock}`) })}`}</span>
        </button>
      ))}
      {error ? (
        <p className={ui.fieldError} role="alert">
          {error}
        </p>
      ) : null}
    </>
  )
}
