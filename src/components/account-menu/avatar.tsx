import type { UserInfo } from '../../app-state.ts'
import styles from './avatar.module.css'

const TONES = ['navy', 'gold', 'green', 'blue', 'plum'] as const

/** A user's picture, or their initial on a colour chosen from their id (the same everywhere). */
export function Avatar({ user, size = 'medium' }: { user: Pick<UserInfo, 'userId' | 'nick' | 'avatar'>; size?: 'small' | 'medium' | 'large' }) {
  if (user.avatar && /^(https:\/\/|\/)/.test(user.avatar)) {
    return <img className={`${styles.avatar} ${styles[size]}`} src={user.avatar} alt="" width={48} height={48} loading="lazy" decoding="async" />
  }
  let hash = 0
  for (const character of user.userId) hash = (hash * 31 + character.charCodeAt(0)) >>> 0
  const tone = TONES[hash % TONES.length] as (typeof TONES)[number]
  const initial = Array.from(user.nick.trim())[0]?.toUpperCase() ?? '?'
  return (
    <span className={`${styles.avatar} ${styles[size]} ${styles[tone]}`} aria-hidden="true">
      {initial}
    </span>
  )
}
