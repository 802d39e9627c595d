import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { Dashboard } from '../../../api/console.ts'
import ui from '../../ui/ui.module.css'
import styles from './dashboard.module.css'

type Days = Dashboard['soldPerDay']

const DAY_SECONDS = 86_400
/** uPlot's x axis is in seconds; a day as UTC midnight keeps the labels on the venue's date. */
const secondsOf = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000

/**
 * Draws the bars with uPlot (canvas, about 50 KB), loaded only here and only in the browser, after
 * the page is shown; the table below is the same data for screen readers and without scripts.
 */
function useChart(target: React.RefObject<HTMLDivElement | null>, days: Days, label: string) {
  useEffect(() => {
    const element = target.current
    if (!element || days.length === 0) return
    let chart: { destroy(): void; setSize(size: { width: number; height: number }): void } | null = null
    let observer: ResizeObserver | null = null
    let cancelled = false
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
      if (cancelled) return
      const width = element.clientWidth
      const first = secondsOf(days[0]?.day ?? '')
      const x = days.map((day) => secondsOf(day.day))
      chart = new UPlot(
        {
          width,
          height: 240,
          legend: { show: false },
          scales: {
            x: { time: true, range: [first - DAY_SECONDS / 2, (x.at(-1) ?? first) + DAY_SECONDS / 2] },
            y: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.1] },
          },
          axes: [{ stroke: '#445' }, { stroke: '#445', label }],
          series: [{}, { label, stroke: '#1d3f8f', fill: 'rgba(29, 63, 143, 0.35)', paths: UPlot.paths.bars?.({ size: [0.6, 48] }), points: { show: false } }],
        },
        [x, days.map((day) => day.tickets)],
        element,
      )
      observer = new ResizeObserver(() => chart?.setSize({ width: element.clientWidth, height: 240 }))
      observer.observe(element)
    })
    return () => {
      cancelled = true
      observer?.disconnect()
      chart?.destroy()
    }
  }, [target, days, label])
}

/** Tickets sold per day: a bar chart, and the same figures as a table (its text alternative). */
export function SalesChart({ days }: { days: Days }) {
  const { t } = useTranslation()
  const target = useRef<HTMLDivElement>(null)
  const total = days.reduce((sum, day) => sum + day.tickets, 0)
  useChart(target, days, t('dashboard.tickets'))
  return (
    <section className={`${ui.panel} ${styles.panel} ${styles.wide}`} aria-labelledby="dashboard-sales">
      <h2 id="dashboard-sales" className={ui.panelTitle}>
        {t('dashboard.salesTitle', { count: total })}
      </h2>
      {days.length === 0 ? (
        <p className={ui.muted}>{t('dashboard.noSales')}</p>
      ) : (
        <>
          <div ref={target} className={styles.chart} aria-hidden="true" />
          <details className={styles.figures}>
            <summary>{t('dashboard.salesTable')}</summary>
            <table className={ui.table}>
              <thead>
                <tr>
                  <th scope="col">{t('dashboard.day')}</th>
                  <th scope="col">{t('dashboard.tickets')}</th>
                </tr>
              </thead>
              <tbody>
                {days.map((day) => (
                  <tr key={day.day}>
                    <td>{day.day}</td>
                    <td>{day.tickets}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </section>
  )
}
