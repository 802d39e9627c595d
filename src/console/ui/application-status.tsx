import { useTranslation } from 'react-i18next'
import ui from './ui.module.css'

const TONE: Record<string, string | undefined> = {
  received: ui.badgeWarn,
  reviewing: ui.badgeWarn,
  accepted: ui.badgeGood,
  declined: ui.badgeOff,
  withdrawn: ui.badgeOff,
}

/** An application's review status as a small coloured label (`applications.status.*`). */
export function ApplicationStatus({ status }: { status: string }) {
  const { t } = useTranslation()
  return <span className={`${ui.badge} ${TONE[status] ?? ''}`}>{t(`applications.status.${status}`)}</span>
}
