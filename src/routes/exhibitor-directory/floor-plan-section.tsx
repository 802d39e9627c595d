import { useTranslation } from 'react-i18next'
import type { FloorPlanView } from '../../api/exhibitors.ts'
import { useSite } from '../../app-state.ts'
import { boothAnchor, FloorPlan, type PlanBoothShape, PlanLegend } from '../../components/floor-plan/floor-plan.tsx'
import { BOOTH_NUMBER_PATTERN, BOOTH_QUERY, normaliseBoothNumber } from '../../../shared/rules/floor-plans.ts'
import styles from './directory.module.css'
import { directoryPath, exhibitorPath } from './parts.tsx'

type Hall = FloorPlanView['halls'][number]

/** The booth a link asks to be shown (`?booth=B12`), when it reads as a booth number. */
export function highlightOf(request: Request): string | null {
  const typed = new URL(request.url).searchParams.get(BOOTH_QUERY)
  const number = typed ? normaliseBoothNumber(typed) : ''
  return BOOTH_NUMBER_PATTERN.test(number) ? number : null
}

/** A directory link that shows one booth on the plan. */
export const boothLink = (lang: string, exhibitionId: number, number: string) =>
  `${directoryPath(lang, exhibitionId)}?${BOOTH_QUERY}=${encodeURIComponent(number)}#${boothAnchor(number)}`

/** Each exhibitor's booths by number, by the exhibitor's slug (the list shows them beside the names). */
export function boothsBySlug(plan: FloorPlanView): Map<string, string[]> {
  const found = new Map<string, string[]>()
  for (const booth of plan.halls.flatMap((hall) => hall.booths)) {
    if (booth.exhibitor) found.set(booth.exhibitor.slug, [...(found.get(booth.exhibitor.slug) ?? []), booth.number])
  }
  return found
}

/**
 * The exhibition's halls drawn from their booths (docs/product.md#floor-plans): each booth with an
 * exhibitor a link to its page, the others named by their state; the booth a link asked for stands out.
 */
export function FloorPlanSection({
  plan,
  exhibitionId,
  highlight,
  heading,
  lead,
}: {
  plan: FloorPlanView
  exhibitionId: number
  highlight: string | null
  heading: string
  /** A line under the heading (an exhibitor's page names its booths). */
  lead?: string
}) {
  const { t } = useTranslation('directory')
  const site = useSite()
  const shapesOf = (hall: Hall): PlanBoothShape[] =>
    hall.booths.map((booth) => ({
      ...booth,
      label: booth.exhibitor
        ? t('plan.boothOf', { number: booth.number, name: booth.exhibitor.name })
        : t(booth.state === 'free' ? 'plan.boothFree' : booth.state === 'taken' ? 'plan.boothTaken' : 'plan.boothBlocked', { number: booth.number }),
      href: booth.exhibitor ? exhibitorPath(site.lang, exhibitionId, booth.exhibitor.slug) : null,
    }))
  return (
    <section className={styles.planSection} aria-labelledby="floor-plan">
      <h2 id="floor-plan" className={styles.sectionTitle}>
        {heading}
      </h2>
      {lead ? <p className={styles.planLead}>{lead}</p> : null}
      <p className={styles.muted}>{t('plan.hint')}</p>
      {plan.halls.map((hall) => (
        <div key={hall.id} className={styles.hall}>
          {plan.halls.length > 1 ? <h3 className={styles.hallTitle}>{t('plan.hall', { label: hall.label })}</h3> : null}
          <FloorPlan hall={hall} booths={shapesOf(hall)} title={t('plan.hallTitle', { label: hall.label })} highlight={highlight} />
        </div>
      ))}
      <PlanLegend labels={{ title: t('plan.legend'), free: t('plan.free'), taken: t('plan.taken'), blocked: t('plan.blocked') }} />
    </section>
  )
}

/**
 * "You are looking for booth B12", above the directory's list (where a link lands), with a link down
 * to the booth on the plan; or that the plan has no booth of that number.
 */
export function LookingFor({ plan, number }: { plan: FloorPlanView; number: string }) {
  const { t } = useTranslation('directory')
  const found = plan.halls.some((hall) => hall.booths.some((booth) => booth.number === number))
  return (
    <p className={styles.lookingFor} role="status">
      {found ? (
        <>
          {t('plan.lookingFor', { number })} <a href={`#${boothAnchor(number)}`}>{t('plan.showOnPlan')}</a>
        </>
      ) : (
        t('plan.noSuchBooth', { number })
      )}
    </p>
  )
}
