import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ModerationRow } from '../../../api/console-comments.ts'
import { useConsoleShell } from '../../console-state.ts'
import { formatDateTime, formatDayAndTime } from '../../lib/format.ts'
import ui from '../../ui/ui.module.css'
import styles from './comments.module.css'
import { type ModerationAction, ModerationForm } from './moderation-form.tsx'

/** What the queue says of a comment's author: blocked from commenting, why and until when. */
function AuthorBlock({ block }: { block: NonNullable<ModerationRow['author']['block']> }) {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  return (
    <div className={styles.block}>
      <span className={`${ui.badge} ${ui.badgeOff}`}>
        {/* It ends as that day begins in UTC: the day is the one to name. */}
        {block.endsAt ? t('comments.blockedUntil', { date: formatDayAndTime(block.endsAt, language).day }) : t('comments.blockedBadge')}
      </span>
      <span className={ui.muted}>{t('comments.blockReason', { reason: block.reason })}</span>
    </div>
  )
}

/**
 * One comment in the queue: who wrote it where and when, its text, whether it is hidden and why, and
 * the steps a moderator can take (each opens its form in place; Cancel gives the focus back).
 */
export function CommentCard({ row, onChanged }: { row: ModerationRow; onChanged(notice: string): void }) {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  const [open, setOpen] = useState<ModerationAction | null>(null)
  const triggers = useRef<Partial<Record<ModerationAction, HTMLButtonElement | null>>>({})
  const card = useRef<HTMLElement>(null)
  const at = formatDateTime(row.createdAt, language)
  const hidden = row.hidden
  const actions: ModerationAction[] = [hidden ? 'restore' : 'hide', row.author.block ? 'unblock' : 'block']
  const cancel = () => {
    const was = open
    setOpen(null)
    if (was) requestAnimationFrame(() => triggers.current[was]?.focus())
  }
  const titleId = `comment-${row.id}`

  return (
    <li className={`${styles.card} ${hidden ? styles.hiddenCard : ''}`}>
      {/* Focus returns to the card after a step: the button pressed is replaced by its opposite. */}
      <article ref={card} aria-labelledby={titleId} tabIndex={-1} className={styles.article}>
        <h2 id={titleId} className={styles.meta}>
          <span className={styles.nick}>{row.author.nick}</span>
          <span className={`${ui.muted} ${styles.email}`}>{row.author.email}</span>
        </h2>
        <p className={`${ui.muted} ${styles.where}`}>
          <time dateTime={row.createdAt}>{at}</time> · {t('comments.on', { exhibition: row.exhibitionTitle || `#${row.exhibitionId}` })}
        </p>
        {/* Visitor text: React escapes it; line breaks are kept by CSS. */}
        <p className={styles.body}>{row.body}</p>
        <div className={styles.state}>
          <span className={`${ui.badge} ${hidden ? ui.badgeWarn : ui.badgeGood}`}>{t(`comments.states.${hidden ? 'hidden' : 'visible'}`)}</span>
          {hidden ? (
            <span className={styles.why}>
              {hidden.by
                ? t('comments.hiddenBy', { name: hidden.by, at: formatDateTime(hidden.at, language), reason: hidden.reason })
                : t('comments.hiddenByUnknown', { at: formatDateTime(hidden.at, language), reason: hidden.reason })}
            </span>
          ) : null}
        </div>
        {row.author.block ? <AuthorBlock block={row.author.block} /> : null}
        <div className={ui.actions}>
          {actions.map((action) => (
            <button
              key={action}
              ref={(element) => {
                triggers.current[action] = element
              }}
              type="button"
              className={`${ui.button} ${ui.small} ${action === 'hide' || action === 'block' ? ui.danger : ''}`}
              aria-expanded={open === action}
              // Each card has the same buttons: the card's heading (author) tells them apart.
              aria-describedby={titleId}
              onClick={() => setOpen(open === action ? null : action)}
            >
              {t(`comments.${action}`)}
            </button>
          ))}
        </div>
        {open ? (
          <ModerationForm
            key={open}
            action={open}
            row={row}
            onCancel={cancel}
            onDone={(notice) => {
              setOpen(null)
              card.current?.focus()
              onChanged(notice)
            }}
          />
        ) : null}
      </article>
    </li>
  )
}
