import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { NavLink } from 'react-router';
import { useSignedInUser } from '../auth/useCurrentUser';
import { Tooltip } from '../ui/Tooltip';
import { Brand } from './Brand';
import { LIBRARY_NAV, MAIN_NAV, navItemsFor, type NavItem } from './navigation';
import { UserMenu } from './UserMenuButton';
import { GenerationStatusWidget } from '../generation/GenerationStatusWidget';
import { SidebarPlaylists } from '../playlists/SidebarPlaylists';
import './Sidebar.css';

interface SidebarProps {
  collapsed: boolean;
  /** Shown as the collapse/expand button; the mobile drawer has none. */
  onToggleCollapsed?: () => void;
  /** Called after a link is followed (the mobile drawer closes). */
  onNavigate?: () => void;
}

export function Sidebar({ collapsed, onToggleCollapsed, onNavigate }: SidebarProps) {
  const user = useSignedInUser();
  const ToggleIcon = collapsed ? PanelLeftOpen : PanelLeftClose;
  const toggleLabel = collapsed ? 'Expand sidebar' : 'Collapse sidebar';

  return (
    <div className="sidebar" data-collapsed={collapsed}>
      <div className="sidebar__header">
        <Brand showName={!collapsed} onNavigate={onNavigate} />
        {onToggleCollapsed && (
          <Tooltip label={toggleLabel}>
            <button type="button" className="icon-button sidebar__toggle" aria-label={toggleLabel} onClick={onToggleCollapsed}>
              <ToggleIcon size={18} aria-hidden />
            </button>
          </Tooltip>
        )}
      </div>
      <nav className="sidebar__nav" aria-label="Main">
        <SidebarLinks items={navItemsFor(MAIN_NAV, user)} collapsed={collapsed} onNavigate={onNavigate} />
        {!collapsed && (
          <section className="sidebar__section" aria-labelledby="sidebar-library-heading">
            <h2 id="sidebar-library-heading" className="sidebar__heading">
              Library
            </h2>
            <SidebarLinks items={navItemsFor(LIBRARY_NAV, user)} collapsed={false} onNavigate={onNavigate} />
          </section>
        )}
        {!collapsed && <SidebarPlaylists onNavigate={onNavigate} />}
      </nav>
      {!collapsed && <GenerationStatusWidget />}
      <div className="sidebar__footer">
        <UserMenu collapsed={collapsed} />
      </div>
    </div>
  );
}

interface SidebarLinksProps {
  items: readonly NavItem[];
  collapsed: boolean;
  onNavigate?: () => void;
}

function SidebarLinks({ items, collapsed, onNavigate }: SidebarLinksProps) {
  return (
    <ul className="sidebar__list">
      {items.map(({ path, label, icon: Icon }) => {
        const link = (
          <NavLink
            to={path}
            end={path === '/'}
            className="sidebar-link"
            aria-label={collapsed ? label : undefined}
            onClick={onNavigate}
          >
            <Icon className="sidebar-link__icon" size={20} aria-hidden />
            {!collapsed && <span className="sidebar-link__label">{label}</span>}
          </NavLink>
        );
        return <li key={path}>{collapsed ? <Tooltip label={label}>{link}</Tooltip> : link}</li>;
      })}
    </ul>
  );
}
