import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type Comment, type CommentPage, deleteComment, listComments, postComment } from '../../api/accounts.ts'
import { ACCOUNT_LIMITS, cleanCommentText } from '../../../shared/rules/accounts.ts'
import { GatewayError } from '../../api/gateway-error.ts'
import { useGateway } from '../../app-state.ts'
import { relativeTime } from '../../lib/relative-time.ts'
import { Avatar } from '../account-menu/avatar.tsx'
import { setCurrentUser, useCurrentUser } from '../account-menu/user-store.ts'
import { useNamespace } from '../account-menu/use-namespace.ts'
import { LoginButton } from '../login-frame/login-button.tsx'
import { useToast } from '../toast/toast.tsx'
import styles from './comments.module.css'

type State =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | {
      kind: 'ready'
      items: Comment[]
      nextBefore: number | null
      total: number
      more: 'idle' | 'loading' | 'failed'
      /** The viewer is barred from commenting (docs/product.md#console-comments): the notice takes the form's place. */
      blocked: CommentPage['blocked']
    }

/**
 * The community of an exhibition (docs/product.md#other-screens): everyone reads, logged-in users write, authors
 * delete their own. Comments are plain text shown as text. Read in the browser, so the exhibition
 * page itself stays the same for everyone (cacheable) and a comment the organiser hides is gone at
 * once; brings its own strings. Its author still sees a hidden comment, with the organiser's reason;
 * a visitor barred from commenting reads why instead of the form.
 */
export function ExhibitionComments({ exhibitionId }: { exhibitionId: number }) {
  const ready = useNamespace('account')
  const gateway = useGateway()
  const user = useCurrentUser()
  const [state, setState] = useState<State>({ kind: 'loading' })
  const userId = user?.userId ?? null

  const load = useCallback(() => {
    setState({ kind: 'loading' })
    gateway.call(listComments, { exhibitionId }).then(
      (page) => setState({ kind: 'ready', items: page.items, nextBefore: page.nextBefore, total: page.total, more: 'idle', blocked: page.blocked }),
      () => setState({ kind: 'failed' }),
    )
  }, [gateway, exhibitionId])

  // biome-ignore lint/correctness/useExhaustiveDependencies: who is logged in decides which comments are "mine"
  useEffect(load, [load, userId])

  // Server HTML and the first browser render are the same empty frame: nothing personal, no mismatch.
  if (!ready) return <section id="community" className={styles.section} aria-busy="true" />
  return <Community exhibitionId={exhibitionId} state={state} setState={setState} reload={load} />
}

function Community({
  exhibitionId,
  state,
  setState,
  reload,
}: {
  exhibitionId: number
  state: State
  setState: (update: (current: State) => State) => void
  reload(): void
}) {
  const { t } = useTranslation('account')
  const gateway = useGateway()
  const user = useCurrentUser()

  const loadMore = () => {
    if (state.kind !== 'ready' || state.nextBefore === null) return
    const before = state.nextBefore
    setState((current) => (current.kind === 'ready' ? { ...current, more: 'loading' } : current))
    gateway.call(listComments, { exhibitionId, before }).then(
      (page) =>
        setState((current) =>
          current.kind === 'ready'
            ? {
                ...current,
                items: [...current.items, ...page.items.filter((item) => !current.items.some((known) => known.id === item.id))],
                nextBefore: page.nextBefore,
                total: page.total,
                more: 'idle',
              }
            : current,
        ),
      () => setState((current) => (current.kind === 'ready' ? { ...current, more: 'failed' } : current)),
    )
  }

  const added = (comment: Comment) =>
    setState((current) => (current.kind === 'ready' ? { ...current, items: [comment, ...current.items], total: current.total + 1 } : current))
  const removed = (id: number) =>
    setState((current) =>
      current.kind === 'ready' ? { ...current, items: current.items.filter((item) => item.id !== id), total: Math.max(0, current.total - 1) } : current,
    )

  return (
    <section id="community" className={styles.section} aria-labelledby="community-title" aria-busy={state.kind === 'loading'}>
      <h2 id="community-title" className={styles.title}>
        {t('comments.title')}
        {state.kind === 'ready' ? <span className={styles.count}>{t('comments.count', { count: state.total })}</span> : null}
      </h2>

      {user && state.kind === 'ready' && state.blocked ? (
        <BlockedNotice blocked={state.blocked} />
      ) : user ? (
        <CommentForm exhibitionId={exhibitionId} onPosted={added} onBlocked={reload} />
      ) : (
        <div className={styles.prompt}>
          <p>{t('comments.loginPrompt')}</p>
          <LoginButton className={styles.secondary} />
        </div>
      )}

      {state.kind === 'loading' ? <p className={styles.note}>{t('common:common.loading')}</p> : null}
      {state.kind === 'failed' ? (
        <div className={styles.note} role="alert">
          <p>{t('common:common.loadFailed')}</p>
          <button type="button" className={styles.secondary} onClick={reload}>
            {t('common:common.retry')}
          </button>
        </div>
      ) : null}
      {state.kind === 'ready' && state.items.length === 0 ? <p className={styles.note}>{t('comments.none')}</p> : null}
      {state.kind === 'ready' && state.items.length > 0 ? (
        <ol className={styles.list}>
          {state.items.map((comment) => (
            <CommentItem key={comment.id} comment={comment} onDeleted={removed} />
          ))}
        </ol>
      ) : null}
      {state.kind === 'ready' && state.items.length > 0 ? (
        state.nextBefore !== null ? (
          <div className={styles.more}>
            {state.more === 'failed' ? (
              <p className={styles.note} role="alert">
                {t('common:common.loadFailed')}
              </p>
            ) : null}
            <button type="button" className={styles.secondary} onClick={loadMore} disabled={state.more === 'loading'} aria-busy={state.more === 'loading'}>
              {state.more === 'loading' ? t('common:common.loading') : t('comments.more')}
            </button>
          </div>
        ) : (
          <p className={styles.end}>{t('common:common.noMoreData')}</p>
        )
      ) : null}
    </section>
  )
}

/** What a barred visitor reads where the form would be: the organiser's reason, and when it ends. */
function BlockedNotice({ blocked }: { blocked: NonNullable<CommentPage['blocked']> }) {
  const { t, i18n } = useTranslation('account')
  // The block ends as its day begins in UTC: that day is the one to name.
  const until = blocked.until ? new Date(blocked.until).toLocaleDateString(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }) : null
  return (
    <div className={styles.blocked} role="status">
      <p>{t('comments.blocked', { reason: blocked.reason })}</p>
      {until ? <p>{t('comments.blockedUntil', { date: until })}</p> : null}
    </div>
  )
}

function CommentForm({ exhibitionId, onPosted, onBlocked }: { exhibitionId: number; onPosted(comment: Comment): void; onBlocked(): void }) {
  const { t } = useTranslation('account')
  const gateway = useGateway()
  const toast = useToast()
  const [body, setBody] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const field = useRef<HTMLTextAreaElement>(null)
  const submit = useRef<HTMLButtonElement>(null)
  const id = useId()
  const length = cleanCommentText(body).length
  const over = length > ACCOUNT_LIMITS.commentMax

  const send = async (event: FormEvent) => {
    event.preventDefault()
    if (length === 0 || over) {
      setError(t(length === 0 ? 'comments.empty' : 'comments.tooLong', { max: ACCOUNT_LIMITS.commentMax }))
      field.current?.focus()
      return
    }
    setSending(true)
    setError(null)
    try {
      const comment = await gateway.call(postComment, { exhibitionId, body })
      setBody('')
      onPosted(comment)
      toast.show(t('comments.posted'), { tone: 'success', anchor: submit.current })
    } catch (failure) {
      const gatewayError = failure instanceof GatewayError ? failure : null
      if (gatewayError?.errorCode === 401) setCurrentUser(null)
      // Barred since the list was read: the list brings the notice with its reason.
      if (gatewayError?.code === 'account:comments.errors.blocked') onBlocked()
      const key = gatewayError?.fields.body ?? gatewayError?.code ?? 'errors.unexpected'
      const params = (gatewayError?.body as { data?: Record<string, unknown> } | undefined)?.data ?? {}
      setError(t(key, { max: ACCOUNT_LIMITS.commentMax, ...params }))
      field.current?.focus()
    } finally {
      setSending(false)
    }
  }

  return (
    <form className={styles.form} onSubmit={send} noValidate>
      <label htmlFor={id} className={styles.label}>
        {t('comments.label')}
      </label>
      <textarea
        ref={field}
        id={id}
        name="body"
        className={styles.textarea}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        rows={3}
        maxLength={ACCOUNT_LIMITS.commentRaw}
        aria-invalid={error || over ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
      />
      <div className={styles.formFoot}>
        <p id={`${id}-count`} className={over ? styles.countOver : styles.counter}>
          {t('comments.counter', { length, max: ACCOUNT_LIMITS.commentMax })}
        </p>
        <button ref={submit} type="submit" className={styles.primary} disabled={sending} aria-busy={sending}>
          {t('comments.submit')}
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </form>
  )
}

function CommentItem({ comment, onDeleted }: { comment: Comment; onDeleted(id: number): void }) {
  const { t } = useTranslation('account')
  const gateway = useGateway()
  const toast = useToast()
  const [confirming, setConfirming] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const keep = useRef<HTMLButtonElement>(null)
  const when = new Date(comment.createdAt)
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'

  useEffect(() => {
    if (confirming) keep.current?.focus()
  }, [confirming])

  const remove = async () => {
    setDeleting(true)
    setError(null)
    try {
      await gateway.call(deleteComment, { id: comment.id })
      onDeleted(comment.id)
      toast.show(t('comments.deleted'), { tone: 'success' })
    } catch (failure) {
      const gatewayError = failure instanceof GatewayError ? failure : null
      if (gatewayError?.errorCode === 404) {
        onDeleted(comment.id)
        return
      }
      if (gatewayError?.errorCode === 401) setCurrentUser(null)
      setError(t(gatewayError?.code ?? 'errors.unexpected'))
      setDeleting(false)
    }
  }

  return (
    <li className={styles.item}>
      <Avatar user={comment.author} size="medium" />
      <div className={styles.content}>
        <p className={styles.meta}>
          <span className={styles.author}>{comment.author.nick}</span>
          <time dateTime={comment.createdAt} title={when.toLocaleString()} className={styles.time}>
            {relativeTime(when, Date.now(), { t: (key, options = {}) => t(key, options), timeZone })}
          </time>
        </p>
        {/* Plain text: React escapes it; line breaks are kept by CSS. Never markup. */}
        <p className={comment.hiddenReason === null ? styles.body : `${styles.body} ${styles.bodyHidden}`}>{comment.body}</p>
        {comment.hiddenReason !== null ? (
          <div className={styles.hidden}>
            <p>{t('comments.hiddenByOrganiser', { reason: comment.hiddenReason })}</p>
            <p className={styles.hiddenNote}>{t('comments.hiddenOnlyYou')}</p>
          </div>
        ) : null}
        {comment.mine ? (
          <div className={styles.actions}>
            {confirming ? (
              <>
                <span className={styles.confirm}>{t('comments.confirmDelete')}</span>
                <button type="button" className={styles.danger} onClick={remove} disabled={deleting}>
                  {t('comments.delete')}
                </button>
                <button ref={keep} type="button" className={styles.link} onClick={() => setConfirming(false)} disabled={deleting}>
                  {t('comments.keep')}
                </button>
              </>
            ) : (
              <button type="button" className={styles.link} onClick={() => setConfirming(true)}>
                {t('comments.delete')}
                <span className="visually-hidden">{t('comments.deleteWhich', { time: when.toLocaleString() })}</span>
              </button>
            )}
            {error ? (
              <p className={styles.error} role="alert">
                {error}
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  )
}
