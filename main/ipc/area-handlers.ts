/**
 * A handler area: the part of the contract's handler table that one area of main answers.
 * The core merges the areas; a method that no area answers does not compile there.
 */
import type { Method } from '../../common/contract';
import type { Handlers } from './dispatch';

export type AreaHandlers<K extends Method> = { readonly [M in K]: Handlers[M] };
