import i18next, { type i18n as I18n, type TFunction } from 'i18next'
import {
  type ComponentProps,
  type ComponentType,
  createContext,
  type FormEvent,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react'
import { I18nextProvider, useTranslation } from 'react-i18next'
import { useLoaderData, useLocation, useNavigate } from 'react-router'
import { signIn } from '../../../api/console.ts'
import { GatewayError } from '../../../api/gateway-error.ts'
import { ERROR_CODES } from '../../../../shared/functions/gateway.ts'
import { CONSOLE_LANGUAGES, type ConsoleLanguage } from '../../../../shared/rules/console-access.ts'
import { retryAfterSeconds } from '../../console-client.ts'
import { useConsoleShell } from '../../console-state.ts'
import { htmlLangOf, nativeNameOf } from '../../i18n.ts'
import { KIOSK_PATH } from '../../lib/kiosk.ts'
import { CHECKIN_PATH } from '../../lib/paths.ts'
import { FormDialog } from '../../ui/dialog.tsx'
import { TextField } from '../../ui/text-field.tsx'
import ui from '../../ui/ui.module.css'
import { useErrorText } from '../../ui/use-error-text.ts'
import { type DoorScan, type DoorTicket, listTickets } from './door-model.ts'
import { type KioskChoice, lockedKiosk, lockKiosk, unlockKiosk } from './kiosk-lock.ts'
import { kioskTickets } from './kiosk-model.ts'
import type BadgePrintView from './badge-print.tsx'
import type { deviceId, keepScreenOffline, storedChoice } from './device.ts'
import type { signal } from './feedback.ts'
import type { Scanner } from './scanner.tsx'
import type { useDoor } from './use-door.ts'

/** The door's own parts, handed over by the door's screen (route.tsx says why). */
export interface DoorParts {
  BadgePrint: ComponentType<ComponentProps<typeof BadgePrintView>>
  Scanner: typeof Scanner
  useDoor: typeof useDoor
  signal: typeof signal
  deviceId: typeof deviceId
  keepScreenOffline: typeof keepScreenOffline
  storedChoice: typeof storedChoice
}
const Door = createContext<DoorParts | null>(null)
const useDoorParts = () => useContext(Door) as DoorParts
import styles from './kiosk.module.css'
import { Alert } from '../../ui/form-end.tsx'

/**
 * Every word the kiosk shows, in each console language (locales-console/kiosk/): attendees choose
 * theirs at the kiosk, so all three travel with it, apart from the console's own file (one language,
 * in every screen's first load).
 */
const TEXTS = import.meta.glob<Record<string, unknown>>('../../../../locales-console/kiosk/*.json', { eager: true, import: 'default' })

/** How long an answer stays before the kiosk greets the next attendee (docs/product.md#kiosk). */
export const KIOSK_RESET_MS = 8000

function kioskI18n(language: ConsoleLanguage): I18n {
  const instance = i18next.createInstance()
  instance.init({
    lng: language,
    fallbackLng: false,
    supportedLngs: [...CONSOLE_LANGUAGES],
    lowerCaseLng: true,
    ns: ['console'],
    defaultNS: 'console',
    resources: Object.fromEntries(CONSOLE_LANGUAGES.map((each) => [each, { console: TEXTS[`../../../../locales-console/kiosk/${each}.json`] ?? {} }])),
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
    saveMissing: true,
    missingKeyHandler: (languages, namespace, key) => console.error(`Missing translation: ${languages.join(',')} ${namespace}:${key}`),
  })
  return instance
}

interface Answered {
  scan: DoorScan
  /** The exhibition's title as the badge prints it. */
  exhibition: string
}

/**
 * Kiosk mode (docs/product.md#kiosk): a tablet at the door where attendees check themselves in. It
 * shows only the welcome, the camera and the typed order code; a valid ticket is checked in by the
 * door's own rules on this device (offline too) and its badge printed; after a few seconds the
 * next attendee is greeted in the kiosk's own language. Nothing of the console is reachable: the
 * page is outside the console's frame, the lock sends every other console address back here, and
 * only a staff member's sign-in leaves it.
 */
export default function KioskEntry({ door }: { door: DoorParts }) {
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  // What the kiosk needs (its lock, the device, the camera) is the browser's: nothing of it renders on the server.
  return mounted ? (
    <Door.Provider value={door}>
      <KioskStart />
    </Door.Provider>
  ) : null
}

function KioskStart() {
  const { exhibitions } = useLoaderData() as { exhibitions: ReadonlyArray<{ id: number; title: string }> }
  const { language } = useConsoleShell()
  const { storedChoice } = useDoorParts()
  const location = useLocation()
  const navigate = useNavigate()
  const starting = new URLSearchParams(location.search).has('start')
  // Started from the door screen: locked for the door this device was set up as; later, the lock itself.
  const [choice] = useState(() => {
    const door = storedChoice()
    return starting && door ? lockKiosk(door, language) : lockedKiosk()
  })
  // The start is spent: a later step back onto this entry must not lock the device again.
  useEffect(() => {
    if (starting) void navigate(KIOSK_PATH, { replace: true })
  }, [starting, navigate])
  const title = exhibitions.find((exhibition) => exhibition.id === choice?.exhibitionId)?.title ?? ''
  if (choice) return <Kiosk choice={choice} fallbackTitle={title} />
  // The kiosk's address without its lock (typed, or kept as a bookmark): nothing to show but that.
  return (
    <main id="main" className={styles.main}>
      <title>{kioskI18n(language).t('kiosk.title')}</title>
      <h1 className={styles.title}>{kioskI18n(language).t('kiosk.title')}</h1>
      <p className={ui.panel}>{kioskI18n(language).t('kiosk.notSetUp')}</p>
    </main>
  )
}

function Kiosk({ choice, fallbackTitle }: { choice: KioskChoice; fallbackTitle: string }) {
  const { language: memberLanguage } = useConsoleShell()
  const { useDoor, deviceId: readDeviceId, keepScreenOffline, signal } = useDoorParts()
  const errorText = useErrorText()
  const [i18n] = useState(() => kioskI18n(choice.language))
  const [language, setLanguage] = useState<ConsoleLanguage>(choice.language)
  const [device, setDevice] = useState('')
  const [answered, setAnswered] = useState<Answered | null>(null)
  const [leaving, setLeaving] = useState(false)
  const door = useDoor(device ? choice.exhibitionId : null, device)
  const title = door.data?.list.exhibition.title ?? fallbackTitle

  useEffect(() => {
    setDevice(readDeviceId())
    void keepScreenOffline().catch(() => undefined)
  }, [readDeviceId, keepScreenOffline])

  // Back and forward stay here: the step is taken back before the router sees it. (A step onto a page
  // loaded anew meets the server's own redirect.)
  useEffect(() => {
    const stay = (event: PopStateEvent) => {
      event.stopImmediatePropagation()
      if (window.location.pathname !== KIOSK_PATH) window.history.go(1)
    }
    window.addEventListener('popstate', stay, { capture: true })
    return () => window.removeEventListener('popstate', stay, { capture: true })
  }, [])

  // The tablet's whole screen, on the first touch where the browser allows it; the lock holds either way.
  useEffect(() => {
    const whole = () => void document.documentElement.requestFullscreen?.().catch(() => undefined)
    window.addEventListener('pointerdown', whole, { once: true })
    return () => window.removeEventListener('pointerdown', whole)
  }, [])

  const choose = (next: ConsoleLanguage) => {
    setLanguage(next)
    void i18n.changeLanguage(next)
  }

  // The next attendee is greeted in the kiosk's own language, whatever the last one chose.
  const reset = useCallback(() => {
    setAnswered(null)
    setLanguage(choice.language)
    void i18n.changeLanguage(choice.language)
  }, [choice.language, i18n])

  useEffect(() => {
    if (!answered) return
    const timer = window.setTimeout(reset, KIOSK_RESET_MS)
    return () => window.clearTimeout(timer)
  }, [answered, reset])

  const checkIn = useCallback(
    async (input: { code: string } | { ticketKey: string }) => {
      const scan = await door.scan(input, choice.gate)
      if (!scan) return
      signal(scan.outcome === 'checkedIn')
      setAnswered({ scan, exhibition: title })
    },
    [door.scan, choice.gate, title, signal],
  )

  const staffT = i18n.getFixedT(memberLanguage)
  return (
    <div className={styles.kiosk} lang={htmlLangOf(language)}>
      <I18nextProvider i18n={i18n}>
        <main id="main" className={styles.main}>
          <KioskView
            title={title}
            language={language}
            onLanguage={choose}
            ready={Boolean(door.data)}
            loading={door.loading || !device}
            answered={answered}
            stock={choice.stock}
            onCode={(code) => checkIn({ code })}
            onTicket={(ticketKey) => checkIn({ ticketKey })}
            tickets={door.data ? listTickets(door.data.list) : []}
            onDone={reset}
          />
        </main>
      </I18nextProvider>
      <button type="button" className={styles.staff} onClick={() => setLeaving(true)}>
        {i18n.getFixedT(language)('kiosk.staff')}
      </button>
      {leaving ? <LeaveKiosk t={staffT} errorText={errorText} onClose={() => setLeaving(false)} /> : null}
    </div>
  )
}

interface ViewProps {
  title: string
  language: ConsoleLanguage
  onLanguage(language: ConsoleLanguage): void
  ready: boolean
  loading: boolean
  answered: Answered | null
  stock: KioskChoice['stock']
  onCode(code: string): Promise<void>
  onTicket(ticketKey: string): Promise<void>
  tickets: readonly DoorTicket[]
  onDone(): void
}

function KioskView({ title, language, onLanguage, ready, loading, answered, stock, onCode, onTicket, tickets, onDone }: ViewProps) {
  const { t } = useTranslation()
  const ids = useId()
  const { Scanner } = useDoorParts()
  return (
    <>
      <title>{t('kiosk.title')}</title>
      <div className={styles.top}>
        <h1 className={styles.title}>{t('kiosk.welcome', { exhibition: title })}</h1>
        <fieldset className={styles.languages}>
          <legend className="visually-hidden">{t('kiosk.language')}</legend>
          {CONSOLE_LANGUAGES.map((each) => (
            <button
              key={each}
              type="button"
              lang={htmlLangOf(each)}
              className={`${ui.button} ${each === language ? ui.primary : ''}`}
              aria-pressed={each === language}
              onClick={() => onLanguage(each)}
            >
              {nativeNameOf(each)}
            </button>
          ))}
        </fieldset>
      </div>
      {answered ? (
        <KioskAnswer answered={answered} stock={stock} onDone={onDone} />
      ) : ready ? (
        <section className={styles.welcome} aria-labelledby={`${ids}-scan`}>
          <h2 id={`${ids}-scan`} className={styles.prompt}>
            {t('kiosk.scanPrompt')}
          </h2>
          <p className={styles.hint}>{t('kiosk.scanHint')}</p>
        </section>
      ) : (
        <p className={styles.welcome} role="status">
          {loading ? t('kiosk.loading') : t('kiosk.notReady')}
        </p>
      )}
      {/* The camera stays on between attendees; only its answers come and go. */}
      {ready ? (
        <div className={answered ? styles.behind : undefined}>
          <Scanner onCode={onCode} />
          <TypedCheckIn tickets={tickets} onTicket={onTicket} />
        </div>
      ) : null}
    </>
  )
}

function KioskAnswer({ answered, stock, onDone }: { answered: Answered; stock: KioskChoice['stock']; onDone(): void }) {
  const { t } = useTranslation()
  const { scan } = answered
  const { BadgePrint } = useDoorParts()
  const good = scan.outcome === 'checkedIn'
  const doneRef = useRef<HTMLButtonElement>(null)
  // Focus follows the answer, so a screen reader reads it and Enter finishes.
  useEffect(() => doneRef.current?.focus(), [])
  return (
    <section
      className={`${styles.answer} ${good ? styles.good : scan.outcome === 'already' ? styles.warn : styles.bad}`}
      data-outcome={scan.outcome}
      aria-live="assertive"
    >
      {good ? (
        <>
          <h2 className={styles.answerTitle}>{t('kiosk.answer.checkedIn', { name: scan.name ?? '' })}</h2>
          <p>{t('kiosk.answer.printing')}</p>
        </>
      ) : scan.outcome === 'already' ? (
        <>
          <h2 className={styles.answerTitle}>{t('kiosk.answer.already')}</h2>
          <p>{t('kiosk.answer.alreadyHint')}</p>
        </>
      ) : (
        <>
          <h2 className={styles.answerTitle}>{t(`kiosk.answer.${scan.outcome}`)}</h2>
          <p>{t('kiosk.answer.askStaff')}</p>
        </>
      )}
      <p className={styles.hint}>{t('kiosk.answer.backSoon')}</p>
      <button ref={doneRef} type="button" className={`${ui.button} ${ui.primary}`} onClick={onDone}>
        {t('kiosk.answer.next')}
      </button>
      {good && scan.name ? (
        <Suspense fallback={null}>
          <BadgePrint scan={scan} exhibition={answered.exhibition} stock={stock} onClose={onDone} />
        </Suspense>
      ) : null}
    </section>
  )
}

/** No code to hand: the order code and the family name, both exact; an order with several such tickets asks whose. */
function TypedCheckIn({ tickets, onTicket }: { tickets: readonly DoorTicket[]; onTicket(ticketKey: string): Promise<void> }) {
  const { t } = useTranslation()
  const ids = useId()
  const [problem, setProblem] = useState('')
  const [choices, setChoices] = useState<DoorTicket[]>([])
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const orderCode = String(form.get('orderCode') ?? '')
    const lastName = String(form.get('lastName') ?? '')
    setChoices([])
    if (!orderCode.trim() || !lastName.trim()) return setProblem(t('kiosk.typed.missing'))
    const found = kioskTickets(tickets, orderCode, lastName)
    if (!found.length) return setProblem(t('kiosk.typed.notFound'))
    setProblem('')
    if (found.length > 1) return setChoices(found)
    event.currentTarget.reset()
    void onTicket((found[0] as DoorTicket).key)
  }
  return (
    <section className={ui.panel} aria-labelledby={`${ids}-typed`}>
      <h2 id={`${ids}-typed`} className={ui.panelTitle}>
        {t('kiosk.typed.legend')}
      </h2>
      <form className={styles.typed} onSubmit={submit} noValidate>
        <TextField
          label={t('kiosk.typed.orderCode')}
          hint={t('kiosk.typed.orderCodeHint')}
          name="orderCode"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={40}
        />
        <TextField label={t('kiosk.typed.lastName')} hint={t('kiosk.typed.lastNameHint')} name="lastName" autoComplete="off" maxLength={80} />
        <button type="submit" className={`${ui.button} ${ui.primary}`}>
          {t('kiosk.typed.submit')}
        </button>
      </form>
      <Alert message={problem} />
      {choices.length ? (
        <fieldset className={styles.languages}>
          <legend>{t('kiosk.typed.whose')}</legend>
          {choices.map((ticket) => (
            <button
              key={ticket.key}
              type="button"
              className={ui.button}
              onClick={() => {
                setChoices([])
                void onTicket(ticket.key)
              }}
            >
              {ticket.name}
            </button>
          ))}
        </fieldset>
      ) : null}
    </section>
  )
}

/**
 * Leaving kiosk mode: a staff member signs in (password, and the code of their authenticator), as on
 * the sign-in page; the tablet then carries their session, not the kiosk's, and opens the door screen.
 */
function LeaveKiosk({ t, errorText, onClose }: { t: TFunction; errorText(error: unknown): string; onClose(): void }) {
  const { client } = useConsoleShell()
  return (
    <FormDialog
      title={t('kiosk.exit.title')}
      submitLabel={t('kiosk.exit.submit')}
      closeLabel={t('kiosk.exit.cancel')}
      onClose={onClose}
      describeError={(error) =>
        error instanceof GatewayError && error.errorCode === ERROR_CODES.rateLimited
          ? t('kiosk.exit.throttled', { count: retryAfterSeconds(error) })
          : errorText(error)
      }
      onSubmit={async (form) => {
        const code = String(form.get('code') ?? '').trim()
        await client.call(signIn, { email: String(form.get('email') ?? ''), password: String(form.get('password') ?? ''), ...(code ? { code } : {}) })
        unlockKiosk()
        // A full load: the member's own language and navigation come with the door screen.
        window.location.replace(CHECKIN_PATH)
      }}
    >
      <p className={ui.hint}>{t('kiosk.exit.lead')}</p>
      <TextField label={t('kiosk.exit.email')} name="email" type="email" autoComplete="username" required />
      <TextField label={t('kiosk.exit.password')} name="password" type="password" autoComplete="current-password" required />
      <TextField label={t('kiosk.exit.code')} hint={t('kiosk.exit.codeHint')} name="code" autoComplete="one-time-code" inputMode="numeric" maxLength={7} />
    </FormDialog>
  )
}
