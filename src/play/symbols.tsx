import type { ReactNode } from 'react';

/**
 * The slot's symbols, drawn (issue 34, finding 5): inline SVG on a 64 × 64 grid, so they are
 * crisp at any size and need no emoji font. Each keeps its colours in both themes; the dark
 * outlines read on the light reel and the dark one alike.
 */
const FACES: Record<string, ReactNode> = {
  cherry: (
    <>
      <path
        d="M21 40C24 27 33 17 45 10M44 42C41 29 41 20 45 10"
        fill="none"
        stroke="#2e7d32"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <path d="M45 10c5-5 14-4 15 2c-6 4-12 3-15-2z" fill="#43a047" />
      <circle cx="21" cy="46" r="12" fill="#d32f2f" stroke="#7f1010" strokeWidth="2" />
      <circle cx="44" cy="48" r="11" fill="#e53935" stroke="#7f1010" strokeWidth="2" />
      <circle cx="16.5" cy="41.5" r="3.5" fill="#fff" opacity=".75" />
      <circle cx="40" cy="44" r="3" fill="#fff" opacity=".75" />
    </>
  ),
  lemon: (
    <>
      <path
        d="M7 35C9 19 27 10 43 14c8-3 15 3 13 10c4 14-12 30-30 28C15 54 5 46 7 35z"
        fill="#fdd835"
        stroke="#a07400"
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <ellipse
        cx="25"
        cy="28"
        rx="9"
        ry="4"
        fill="#fff"
        opacity=".6"
        transform="rotate(-25 25 28)"
      />
    </>
  ),
  bell: (
    <>
      <rect x="28.5" y="3" width="7" height="7" rx="2.5" fill="#8d5a00" />
      <path
        d="M32 8c-12 0-18 10-18 22v9l-7 9h50l-7-9v-9C50 18 44 8 32 8z"
        fill="#ffb300"
        stroke="#8d5a00"
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <circle cx="32" cy="53" r="5.5" fill="#8d5a00" />
      <path
        d="M21 27c1-7 5-11 10-12"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        opacity=".65"
      />
    </>
  ),
  star: (
    <>
      <path
        d="M32 7L38.8 24.7L57.7 25.7L42.9 37.6L47.9 55.8L32 45.5L16.1 55.8L21.1 37.6L6.3 25.7L25.2 24.7Z"
        fill="#ffca28"
        stroke="#b26a00"
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <path
        d="M32 17L36.3 28.1L48.2 28.7L38.9 36.3L42 47.8L32 41.3L22 47.8L25.1 36.3L15.8 28.7L27.7 28.1Z"
        fill="#ffe082"
      />
    </>
  ),
  seven: (
    <path
      d="M13 9h39v9C42 28 36 40 34 57H20c2-14 8-27 17-37H13z"
      fill="#e53935"
      stroke="#6d0000"
      strokeWidth="3"
      strokeLinejoin="round"
    />
  ),
  diamond: (
    <>
      <path d="M18 11h28l13 15-27 31L5 26z" fill="#4fc3f7" />
      <path d="M18 11l6 15h-19zM32 57L24 26h16z" fill="#b3e5fc" />
      <path
        d="M18 11h28l13 15-27 31L5 26zM5 26h54M18 11l6 15 8-15 8 15 6-15M24 26l8 31 8-31"
        fill="none"
        stroke="#01579b"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </>
  ),
};

/** A symbol the page does not know (a newer server): a plain ring, still named. */
const UNKNOWN = <circle cx="32" cy="32" r="20" fill="none" stroke="currentColor" strokeWidth="4" />;

/**
 * One symbol. With a label it is an image of that name (screen readers and tests read the
 * reels by it); without one it is decoration (the spinning strip).
 */
export function SymbolFace({ symbol, label }: { symbol: string; label?: string }) {
  return (
    <svg
      className="slot-symbol"
      viewBox="0 0 64 64"
      focusable="false"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      {FACES[symbol] ?? UNKNOWN}
    </svg>
  );
}

/** The paytable's "any other symbol" place: a dashed blank. */
export function AnySymbol({ label }: { label: string }) {
  return (
    <svg className="slot-symbol slot-any" viewBox="0 0 64 64" role="img" aria-label={label}>
      <rect
        x="8"
        y="8"
        width="48"
        height="48"
        rx="10"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeDasharray="7 6"
      />
    </svg>
  );
}
