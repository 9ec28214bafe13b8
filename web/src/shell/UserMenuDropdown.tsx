import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { useSignedInUser } from '../auth/useCurrentUser';
import { useLogout } from '../auth/useLogout';
import { Tooltip } from '../ui/Tooltip';
import { RemainingQuota } from '../plans/RemainingQuota';
import { Avatar } from './Avatar';
import { navItemsFor, USER_MENU_NAV } from './navigation';
import { planLabel, TierBadge } from './TierBadge';
import { UserMenuButton } from './UserMenuButton';
import '../ui/menu.css';

/** The account menu's Radix dropdown (loaded after the first screen; see UserMenuButton). */
export function UserMenuDropdown({ collapsed, defaultOpen = false }: { collapsed: boolean; defaultOpen?: boolean }) {
  const user = useSignedInUser();
  const logout = useLogout();
  const plan = planLabel(user.userTier);

  const trigger = (
    <DropdownMenu.Trigger asChild>
      <UserMenuButton collapsed={collapsed} />
    </DropdownMenu.Trigger>
  );

  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      {collapsed ? <Tooltip label={`${user.username} · ${plan}`}>{trigger}</Tooltip> : trigger}
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" side="top" align="start" sideOffset={8}>
          <div className="menu__header">
            <Avatar username={user.username} avatarUrl={user.avatarUrl} size={40} />
            <div className="menu__header-text">
              <span className="menu__header-name">{user.username}</span>
              <TierBadge userTier={user.userTier} suffix="TIER" />
              <RemainingQuota />
            </div>
          </div>
          <DropdownMenu.Separator className="menu__separator" />
          {navItemsFor(USER_MENU_NAV, user).map(({ path, label, icon: Icon }) => (
            <DropdownMenu.Item key={path} asChild className="menu__item">
              <Link to={path}>
                <Icon size={16} aria-hidden />
                {label}
              </Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="menu__separator" />
          <DropdownMenu.Item className="menu__item menu__item--danger" onSelect={() => void logout()}>
            <LogOut size={16} aria-hidden />
            Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
