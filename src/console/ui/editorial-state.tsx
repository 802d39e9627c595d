import { useTranslation } from 'react-i18next'
import type { EDITORIAL_STATES } from '../../../shared/rules/console-editorial.ts'
import styles from './editorial-state.module.css'

const TONE: Partial<Record<(typeof EDITORIAL_STATES)[number], string>> = {
  published: styles.published,
  scheduled: styles.scheduled,
  unpublished: styles.unpublished,
}

/** A content item's state (`content.states.*`), in the content list and on the item's own screen alike. */
export function EditorialState({ state }: { state: (typeof EDITORIAL_STATES)[number] }) {
  const { t } = useTranslation()
  return <span className={`${styles.state} ${TONE[state] ?? ''}`}>{t(`content.states.${state}`)}</span>
}
