/** The shortcut modifier as the user's keyboard labels it: ⌘ on a Mac, Ctrl elsewhere. */
import { platformOf } from '../state/platform';

export const MOD = platformOf(navigator) === 'mac' ? '⌘' : 'Ctrl';
