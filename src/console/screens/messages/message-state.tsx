import { useTranslation } from 'react-i18next'
import type { MessageState as State } from '../../../../shared/rules/messages.ts'
import styles from '../../ui/ui.module.css'

const TONE: Record<State, string> = {
  scheduled: styles.badgeWarn ?? '',
  sending: styles.badgeWarn ?? '',
  sent: styles.badgeGood ?? '',
  cancelled: styles.badgeOff ?? '',
}

/** A message's state as a small coloured label (`messages.states.*`, docs/product.md#messages). */
export function MessageState({ state }: { state: State }) {
  const { t } = useTranslation()
  return <span className={`${styles.badge} ${TONE[state]}`}>{t(`messages.states.${state}`)}</span>
}
