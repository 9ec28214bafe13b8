import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronsUpDown, LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { useSignedInUser } from '../auth/useCurrentUser';
import { useLogout } from '../auth/useLogout';
import { Tooltip } from '../ui/Tooltip';
import { RemainingQuota } from '../plans/RemainingQuota';
import { Avatar } from './Avatar';
import { navItemsFor, USER_MENU_NAV } from './navigation';
import { planLabel, TierBadge } from './TierBadge';
import '../ui/menu.css';
import './UserMenu.css';

export function UserMenu({ collapsed }: { collapsed: boolean }) {
  const user = useSignedInUser();
  const logout = useLogout();
  const plan = planLabel(user.userTier);

  const trigger = (
    <DropdownMenu.Trigger className="user-menu__trigger" aria-label={`Account menu: ${user.username}, ${plan}`}>
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
    </DropdownMenu.Trigger>
  );

  return (
    <DropdownMenu.Root>
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
