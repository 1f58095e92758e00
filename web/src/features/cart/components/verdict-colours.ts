// The verdicts' words in darker shades of the theme's green and red: the plain colours are under
// WCAG AA's 4.5:1 on white and on the rows' pale tints (as index.css says of the soft error alerts).
export const GOOD_TEXT = 'text-[color-mix(in_oklab,var(--color-success)_65%,black)]';
export const BAD_TEXT = 'text-[color-mix(in_oklab,var(--color-error)_70%,black)]';
