import { useTranslation } from 'react-i18next'
import ui from './ui.module.css'

const TONE: Record<string, string | undefined> = { signingUp: ui.badgeGood, inProgress: ui.badgeGood, lookingForward: ui.badgeWarn, ended: ui.badgeOff }

/** What a visitor sees of an exhibition now: its state, or that it is not published at all. */
export function VisitorState({ state, published }: { state: string; published: boolean }) {
  const { t } = useTranslation()
  return (
    <>
      <span className={`${ui.badge} ${TONE[state] ?? ''}`}>{t(`catalog.states.${state}`)}</span>{' '}
      {published ? null : <span className={`${ui.badge} ${ui.badgeOff}`}>{t('catalog.unpublished')}</span>}
    </>
  )
}
