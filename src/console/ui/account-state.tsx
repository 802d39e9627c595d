import { useTranslation } from 'react-i18next'
import ui from './ui.module.css'

/** Whether a visitor may sign in, as a small label. */
export function AccountState({ blocked }: { blocked: boolean }) {
  const { t } = useTranslation()
  return <span className={`${ui.badge} ${blocked ? ui.badgeOff : ui.badgeGood}`}>{t(blocked ? 'visitors.blocked' : 'visitors.active')}</span>
}
