import * as ContextMenu from '@radix-ui/react-context-menu';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';

/**
 * The Radix parts a song menu is built from. The ⋯ button opens a dropdown menu and a right-click a
 * context menu; their parts have the same props but each reads its own Root's context, so the items
 * are written once against whichever kit their Root belongs to.
 */
export type MenuKit = Pick<typeof DropdownMenu, 'Item' | 'Separator' | 'Sub' | 'SubTrigger' | 'SubContent' | 'Portal'>;

export const dropdownKit: MenuKit = DropdownMenu;
export const contextKit: MenuKit = ContextMenu;
