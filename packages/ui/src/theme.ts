// Design tokens. Dark, warm "theatre at night" palette: rose for actions, amber for coins and
// special days (spec §2 calendar). Every text colour meets WCAG AA (4.5:1) on every surface it is
// used on (bg..surface3); text on a filled button uses the *Fill colours, which meet 4.5:1 with white.
// A single rose cannot do both (light enough for dark surfaces is too light under white text).
export const theme = {
  color: {
    bg: '#0f0d13',
    surface: '#1a1720',
    surface2: '#241f2c',
    surface3: '#2e2838',
    border: '#3a3345',
    text: '#f4f1f7',
    muted: '#a79fb3',
    faint: '#9a92a8',
    /** Rose as text, icon or outline on the dark surfaces (≥ 4.7:1 on surface3). */
    primary: '#f0668c',
    /** Rose under white text: buttons, the member's own chat bubble (4.7:1 with white). */
    primaryFill: '#d03a64',
    primaryHover: '#bd3159',
    primaryText: '#ffffff',
    amber: '#f5b544',
    amberBg: 'rgba(245, 181, 68, 0.16)',
    success: '#3ecf8e',
    successBg: 'rgba(62, 207, 142, 0.14)',
    danger: '#ff5d5d',
    /** Red under white text (5.2:1). */
    dangerFill: '#c93434',
    dangerBg: 'rgba(255, 93, 93, 0.14)',
    overlay: 'rgba(8, 6, 12, 0.72)',
  },
  font: {
    family: "'Noto Sans Thai', 'Noto Sans', system-ui, -apple-system, 'Segoe UI', sans-serif",
    size: { xs: '12px', sm: '14px', md: '16px', lg: '18px', xl: '22px', xxl: '28px' },
  },
  radius: { sm: '8px', md: '12px', lg: '18px', pill: '999px' },
  space: (n: number) => `${n * 4}px`,
  /** ARCHITECTURE §9: mobile-first column, centred on desktop. */
  appMaxWidth: '480px',
  navHeight: '64px',
  shadow: '0 8px 28px rgba(0, 0, 0, 0.45)',
} as const;

export type Theme = typeof theme;

/** Text cut to `lines` lines with an ellipsis. */
export const lineClamp = (lines: number) => `
  display: -webkit-box;
  -webkit-line-clamp: ${lines};
  -webkit-box-orient: vertical;
  overflow: hidden;
`;
