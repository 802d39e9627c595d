import { useTranslation } from 'react-i18next'
import { type ExhibitorStage as Stage, type ExhibitorStatus, progressOf } from '../../../shared/rules/console-exhibitors.ts'
import ui from './ui.module.css'

const TONE: Record<string, string | undefined> = {
  accepted: ui.badgeWarn,
  channelsVerified: ui.badgeGood,
  withdrawn: ui.badgeOff,
}

/** Where an exhibitor stands (its stage, or withdrawn) as a small coloured label (`exhibitors.stages.*`). */
export function ExhibitorStage({ status, stage }: { status: ExhibitorStatus; stage: Stage }) {
  const { t } = useTranslation()
  const progress = progressOf(status, stage)
  return <span className={`${ui.badge} ${TONE[progress] ?? ''}`}>{t(`exhibitors.stages.${progress}`)}</span>
}
