import type { ComponentPropsWithRef } from 'react';
import { ChevronsUpDown } from 'lucide-react';
import { useSignedInUser } from '../auth/useCurrentUser';
import { deferredMenu } from '../ui/deferred';
import { Avatar } from './Avatar';
import { planLabel } from './TierBadge';
import './UserMenu.css';

/** The sidebar's account button: the user menu's trigger, and its stand-in until the menu's code is loaded. */
export function UserMenuButton({ collapsed, ...props }: ComponentPropsWithRef<'button'> & { collapsed: boolean }) {
  const user = useSignedInUser();
  const plan = planLabel(user.userTier);
  return (
    <button type="button" className="user-menu__trigger" aria-label={`Account menu: ${user.username}, ${plan}`} {...props}>
      <Avatar username={user.username} avatarUrl={user.avatarUrl} />
      {!collapsed && (
        <>
          <span className="user-menu__identity">
            <span className="user-menu__name">{user.username}</span>
            <span className="user-menu__plan" data-testid="user-plan">
              {plan}
            </span>
          </span>
          <ChevronsUpDown className="user-menu__chevron" size={16} aria-hidden />
        </>
      )}
    </button>
  );
}

/** The account menu, out of the first load. */
export const UserMenu = deferredMenu(() => import('./UserMenuDropdown').then((module) => module.UserMenuDropdown), UserMenuButton);
