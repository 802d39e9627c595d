import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SocialIcon } from '../footer/social-icon.tsx'
import { useToast } from '../toast/toast.tsx'
import styles from './share-buttons.module.css'

/** Marks the footer's icon set has no need for (kept here, out of every page's shell). */
const SHARE_ICONS: Record<string, string> = {
  whatsapp:
    'M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm0 1.8a8.2 8.2 0 1 1-4.2 15.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 0 1 12 3.8zM8.7 7.2c-.2 0-.5 0-.7.3-.3.3-1 1-1 2.4s1 2.8 1.2 3 2 3.1 4.9 4.3c2.4.9 2.9.8 3.4.7.6-.1 1.7-.7 2-1.4.2-.7.2-1.2.2-1.4l-.5-.3-1.8-.9c-.3-.1-.5-.1-.7.1l-.9 1.1c-.2.2-.3.2-.6.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.3-.4.7-1.3.1-.2 0-.3 0-.5l-.8-2c-.2-.5-.4-.4-.6-.4z',
  line: 'M12 3C6.5 3 2 6.6 2 11c0 3.9 3.5 7.2 8.3 7.9.3.1.8.2.9.5.1.3.1.7 0 1l-.1.9c0 .3-.2 1 .9.5s5.9-3.5 8-6c1.4-1.5 2-3.1 2-4.8 0-4.4-4.5-8-10-8zM7 13.5H5.5v-4h1v3H7zm2 0H8v-4h1zm4 0h-1l-1.5-2.2v2.2h-1v-4h1l1.5 2.2V9.5h1zm3.5-3h-1.5v.5h1.5v1h-1.5v.5h1.5v1H14v-4h2.5z',
  share: 'M18 16a3 3 0 0 0-2.4 1.2l-6.7-3.4a3 3 0 0 0 0-1.6l6.7-3.4A3 3 0 1 0 15 7c0 .3 0 .5.1.8L8.4 11.2a3 3 0 1 0 0 3.6l6.7 3.4A3 3 0 1 0 18 16z',
}

function ShareIcon({ name }: { name: string }) {
  const path = SHARE_ICONS[name]
  if (!path) return <SocialIcon name={name} />
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} fill="currentColor" />
    </svg>
  )
}

/** Share addresses of the networks our visitors use; plain links, so no third-party script loads. */
const NETWORKS: Array<{ key: string; name: string; address: (url: string, title: string) => URL }> = [
  { key: 'x', name: 'X', address: (url, title) => withParams('https://x.com/intent/post', { url, text: title }) },
  { key: 'facebook', name: 'Facebook', address: (url) => withParams('https://www.facebook.com/sharer/sharer.php', { u: url }) },
  { key: 'linkedin', name: 'LinkedIn', address: (url) => withParams('https://www.linkedin.com/sharing/share-offsite/', { url }) },
  { key: 'whatsapp', name: 'WhatsApp', address: (url, title) => withParams('https://wa.me/', { text: `${title} ${url}` }) },
  { key: 'line', name: 'LINE', address: (url) => withParams('https://social-plugins.line.me/lineit/share', { url }) },
]

function withParams(base: string, params: Record<string, string>): URL {
  const address = new URL(base)
  for (const [name, value] of Object.entries(params)) address.searchParams.set(name, value)
  return address
}

/**
 * Share a page: the device's own share sheet where the browser has one (Web Share API), else links
 * to the networks; "copy link" everywhere. Server HTML has the links, so they work without scripts.
 */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation()
  const toast = useToast()
  const copyButton = useRef<HTMLButtonElement>(null)
  const [native, setNative] = useState(false)
  useEffect(() => setNative(typeof navigator.share === 'function'), [])

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url)
      toast.show(t('share.copied'), { tone: 'success', anchor: copyButton.current })
    } catch {
      toast.show(t('share.copyFailed'), { tone: 'error', anchor: copyButton.current })
    }
  }

  return (
    <ul className={styles.share} aria-label={t('share.label')}>
      {native ? (
        <li>
          <button type="button" className={styles.native} onClick={() => navigator.share({ title, url }).catch(() => undefined)}>
            <ShareIcon name="share" />
            {t('share.label')}
          </button>
        </li>
      ) : (
        NETWORKS.map((network) => (
          <li key={network.key}>
            <a
              className={styles.icon}
              href={network.address(url, title).href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('share.on', { network: network.name })}
            >
              <ShareIcon name={network.key} />
            </a>
          </li>
        ))
      )}
      <li>
        <button ref={copyButton} type="button" className={styles.icon} onClick={() => void copy()} aria-label={t('share.copy')}>
          <SocialIcon name="link" />
        </button>
      </li>
    </ul>
  )
}
