import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { Dashboard } from '../../../api/console-orders.ts'
import ui from '../../ui/ui.module.css'
import styles from './dashboard.module.css'

type Days = Dashboard['soldPerDay']

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
      // Days as positions 0..n-1 labelled with their date: the venue's day, never re-read in the browser's zone.
      const x = days.map((_day, index) => index)
      chart = new UPlot(
        {
          width: element.clientWidth,
          height: 240,
          legend: { show: false },
          cursor: { show: false },
          scales: { x: { time: false, range: [-0.5, days.length - 0.5] }, y: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.1] } },
          axes: [
            { stroke: '#445', incrs: [1, 2, 7, 14, 28], values: (_u, splits) => splits.map((index) => days[index]?.day.slice(5) ?? '') },
            { stroke: '#445', label, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000] },
          ],
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
