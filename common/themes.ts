/** The popover's themes, in a file of their own: the settings' schema and defaults both take them. */
export const THEMES = ['system', 'light', 'dark'] as const;
export type ThemeSetting = (typeof THEMES)[number];
