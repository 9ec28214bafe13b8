import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useUiPref } from '../prefs/uiPrefs';
import { MobileMenu, MobileTopBar } from './MobileMenu';
import { Sidebar } from './Sidebar';
import './Layout.css';

interface LayoutProps {
  /** The player bar along the bottom; supplied by the player feature. */
  player?: ReactNode;
  /** A right-hand context panel, shown while the persisted preference says visible. */
  contextPanel?: ReactNode;
}

export function Layout({ player, contextPanel }: LayoutProps) {
  const [collapsed, setCollapsed] = useUiPref('sidebarCollapsed');
  const [contextPanelVisible] = useUiPref('contextPanelVisible');
  const [mobileMenuOpen, setMobileMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const closeMobileMenu = useCallback(() => setMobileMenuOpen(false), []);

  useEffect(closeMobileMenu, [pathname, closeMobileMenu]);

  return (
    <div className="app-shell" data-sidebar={collapsed ? 'collapsed' : 'expanded'} data-player={player ? 'on' : 'off'}>
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      {/* While the mobile drawer is open the page behind it is inert: Tab stays inside the drawer. */}
      <div className="app-shell__topbar" inert={mobileMenuOpen}>
        <MobileTopBar menuOpen={mobileMenuOpen} onOpenMenu={() => setMobileMenuOpen(true)} />
      </div>
      <aside className="app-shell__sidebar" aria-label="Sidebar">
        <Sidebar collapsed={collapsed} onToggleCollapsed={() => setCollapsed(!collapsed)} />
      </aside>
      <MobileMenu open={mobileMenuOpen} onClose={closeMobileMenu} />
      <main id="main-content" className="app-shell__main" tabIndex={-1} inert={mobileMenuOpen}>
        <Outlet />
      </main>
      {contextPanel && contextPanelVisible && <aside className="app-shell__context">{contextPanel}</aside>}
      {player && (
        <div className="app-shell__player" inert={mobileMenuOpen}>
          {player}
        </div>
      )}
    </div>
  );
}
