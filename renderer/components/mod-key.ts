/** The shortcut modifier as the user's keyboard labels it: ⌘ on a Mac, Ctrl elsewhere. */
export const MOD = /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl';
