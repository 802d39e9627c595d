import { useTranslation } from 'react-i18next'
import { BADGE_STOCK_NAMES } from '../../../../shared/rules/badges.ts'
import { downloadBadges } from '../../lib/badge-download.ts'
import ui from '../../ui/ui.module.css'
import { Alert } from '../../ui/form-end.tsx'
import { useAction } from '../../ui/use-action.ts'

/** A valid ticket's badge, on either stock; a refusal is said beside the buttons. */
export default function BadgeButtons({ exhibitionId, ticketId, position }: { exhibitionId: number; ticketId: string; position: number }) {
  const { t } = useTranslation()
  const { busy, error, run } = useAction()
  return (
    <>
      {BADGE_STOCK_NAMES.map((stock) => (
        <button
          key={stock}
          type="button"
          className={`${ui.button} ${ui.small}`}
          disabled={busy}
          onClick={() => void run(() => downloadBadges({ exhibitionId, ticketId, stock }))}
        >
          {`${t('badges.one')} ${stock.toUpperCase()}`}
          <span className="visually-hidden">{` ${t('badges.oneLabel', { position, stock: t(`badges.${stock}`) })}`}</span>
        </button>
      ))}
      <Alert message={error} beside />
    </>
  )
}
