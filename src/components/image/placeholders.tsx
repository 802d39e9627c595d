import type { ReactNode } from 'react'

/**
 * docs/product.md#placeholders image placeholder types 0-7, in the specification's order. A screen names the type that
 * fits the missing picture (a speaker is an avatar, a partner's logo a dealer, a cover an article...).
 */
export const PLACEHOLDER = {
  avatar: 0,
  icon: 1,
  dealer: 2,
  article: 3,
  avatarAlt: 4,
  advert: 5,
  banner: 6,
  survey: 7,
} as const
export type PlaceholderType = (typeof PLACEHOLDER)[keyof typeof PLACEHOLDER]

/** Drawings on a 100 x 100 box, centred in the placeholder whatever its size. */
const GLYPHS: Record<PlaceholderType, ReactNode> = {
  0: (
    <>
      <circle cx="50" cy="38" r="16" />
      <path d="M20 84c3-17 15-26 30-26s27 9 30 26z" />
    </>
  ),
  1: <rect x="30" y="30" width="40" height="40" rx="10" />,
  2: (
    <>
      <path d="M22 82V40l28-16 28 16v42z" />
      <path d="M38 82V58h24v24" fill="var(--placeholder-bg)" />
    </>
  ),
  3: (
    <>
      <rect x="24" y="20" width="52" height="60" rx="6" />
      <path d="M34 36h32M34 48h32M34 60h20" stroke="var(--placeholder-bg)" strokeWidth="5" strokeLinecap="round" />
    </>
  ),
  4: (
    <>
      <circle cx="50" cy="50" r="32" />
      <circle cx="50" cy="42" r="11" fill="var(--placeholder-bg)" />
      <path d="M30 72c4-10 11-15 20-15s16 5 20 15" fill="var(--placeholder-bg)" />
    </>
  ),
  5: (
    <>
      <path d="M22 44h14l30-16v44L36 56H22z" />
      <path d="M40 58l6 16h8l-5-14" />
    </>
  ),
  6: (
    <>
      <rect x="12" y="34" width="76" height="32" rx="6" />
      <path d="M20 58l16-14 12 10 10-8 22 12" stroke="var(--placeholder-bg)" strokeWidth="4" fill="none" strokeLinejoin="round" />
    </>
  ),
  7: (
    <>
      <rect x="26" y="20" width="48" height="62" rx="6" />
      <path d="M36 38l4 4 8-8M36 56l4 4 8-8M54 40h10M54 58h10" stroke="var(--placeholder-bg)" strokeWidth="4" fill="none" strokeLinecap="round" />
    </>
  ),
}

export function placeholderGlyph(type: PlaceholderType): ReactNode {
  return GLYPHS[type]
}
