import { ExportLinks } from '../../ui/export-buttons.tsx'
import { useTranslation } from 'react-i18next'
import type { SurveyResults } from '../../../api/console-survey.ts'
import { useConsoleShell } from '../../console-state.ts'
import { Pager, pageCount } from '../../ui/pager.tsx'
import ui from '../../ui/ui.module.css'
import { htmlLangOf } from '../../i18n.ts'
import { shareOf } from './share.ts'
import styles from './survey.module.css'
import { Panel } from '../../ui/panel.tsx'

type Question = SurveyResults['questions'][number]

/**
 * Bars drawn in HTML (a <meter> per row: the console's CSP allows no inline styles): a table whose
 * rows are the bars, so screen readers and printouts get the figures.
 */
function Bars({ caption, rows, answered }: { caption: string; rows: Array<{ label: string; count: number }>; answered: number }) {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  const most = Math.max(1, ...rows.map((row) => row.count))
  const percent = new Intl.NumberFormat(htmlLangOf(language), { style: 'percent', maximumFractionDigits: 0 })
  return (
    <table className={styles.bars}>
      <caption className="visually-hidden">{caption}</caption>
      <thead className="visually-hidden">
        <tr>
          <th scope="col">{t('survey.option')}</th>
          <th scope="col">{t('survey.count')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row" className={styles.barLabel}>
              {row.label}
            </th>
            <td className={styles.barCell}>
              <meter className={styles.bar} min={0} max={most} value={row.count} aria-hidden="true" />
              <span className={styles.barCount}>
                {shareOf(row.count, answered) === null
                  ? row.count
                  : t('survey.share', { n: row.count, answered, percent: percent.format(shareOf(row.count, answered) ?? 0) })}
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function QuestionResult({ question, exhibitionId, pageSize }: { question: Question; exhibitionId: number; pageSize: number }) {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  const headingId = `survey-result-${question.id}`
  return (
    <section className={styles.result} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.resultTitle}>
        {question.text}
        {question.hidden ? <span className={`${ui.badge} ${ui.badgeOff}`}> {t('survey.hiddenBadge')}</span> : null}
      </h3>
      <p className={ui.muted}>
        {t(`survey.kinds.${question.kind}`)} · {t('survey.answered', { count: question.answered })}
        {question.average !== null ? ` · ${t('survey.average', { average: question.average.toLocaleString(language) })}` : null}
      </p>
      {question.kind === 'rating' ? (
        <Bars
          caption={question.text}
          answered={question.answered}
          rows={question.ratings.map((count, index) => ({ label: t('survey.stars', { stars: index + 1 }), count })).reverse()}
        />
      ) : null}
      {question.kind === 'single' || question.kind === 'multiple' ? (
        <Bars caption={question.text} rows={question.options} answered={question.answered} />
      ) : null}
      {question.kind === 'text' ? (
        question.texts.total ? (
          <>
            <ul className={styles.textAnswers}>
              {question.texts.items.map((item, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: answers have no id of their own here and never move within a page
                <li key={index}>
                  <p className={styles.answer}>{item.text}</p>
                  <span className={ui.muted}>{new Date(item.answeredAt).toLocaleString(language)}</span>
                </li>
              ))}
            </ul>
            <Pager
              label={t('survey.textPages', { question: question.text })}
              summary={t('survey.textSummary', { page: question.texts.page, pages: pageCount(question.texts.total, pageSize), total: question.texts.total })}
              page={question.texts.page}
              pages={pageCount(question.texts.total, pageSize)}
              href={(page) => `/console/exhibitions/${exhibitionId}/survey?textQuestion=${question.id}&textPage=${page}#${headingId}`}
            />
          </>
        ) : (
          <p className={ui.muted}>{t('survey.noText')}</p>
        )
      ) : null}
    </section>
  )
}

/** The results (docs/product.md#survey): a chart per question, free text paged, and the answers as CSV or XLSX. */
export function Results({ results, exhibitionId }: { results: SurveyResults; exhibitionId: number }) {
  const { t } = useTranslation()
  return (
    <Panel title={t('survey.results')}>
      <p>{t('survey.counts', { answers: results.answers, invitations: results.invitations })}</p>
      <ExportLinks label={(format) => t('survey.export', { format })} exhibitionId={exhibitionId} kind="survey" />
      {results.answers === 0 ? <p className={ui.muted}>{t('survey.noAnswers')}</p> : null}
      {results.answers > 0
        ? results.questions.map((question) => <QuestionResult key={question.id} question={question} exhibitionId={exhibitionId} pageSize={results.pageSize} />)
        : null}
    </Panel>
  )
}
