import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useUiPref } from '../prefs/uiPrefs';
import { useBottomInset } from './bottomInset';
import { MobileMenu, MobileTopBar } from './MobileMenu';
import { Sidebar } from './Sidebar';
import './Layout.css';

interface LayoutProps {
  /** The player bar along the bottom; supplied by the player feature. */
  player?: ReactNode;
  /** A right-hand context panel, shown while the persisted preference says visible. */
  contextPanel?: ReactNode;
  /** Offers such as the install card: a row of their own above the player, so they cover nothing. */
  banner?: ReactNode;
  /** A row above the content (the search box): it stays in view, and the page scrolls below it rather than under it. */
  header?: ReactNode;
}

export function Layout({ player, contextPanel, banner, header }: LayoutProps) {
  const [collapsed, setCollapsed] = useUiPref('sidebarCollapsed');
  const [contextPanelVisible] = useUiPref('contextPanelVisible');
  const [mobileMenuOpen, setMobileMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const closeMobileMenu = useCallback(() => setMobileMenuOpen(false), []);
  const bannerRow = useRef<HTMLDivElement>(null);
  const playerRow = useRef<HTMLDivElement>(null);
  useBottomInset(useMemo(() => [bannerRow, playerRow], []));

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
      {header && (
        <div className="app-shell__header" inert={mobileMenuOpen}>
          {header}
        </div>
      )}
      <main id="main-content" className="app-shell__main" tabIndex={-1} inert={mobileMenuOpen}>
        <Outlet />
      </main>
      {contextPanel && contextPanelVisible && <aside className="app-shell__context">{contextPanel}</aside>}
      {banner && (
        <div ref={bannerRow} className="app-shell__banner" inert={mobileMenuOpen}>
          {banner}
        </div>
      )}
      {player && (
        <div ref={playerRow} className="app-shell__player" inert={mobileMenuOpen}>
          {player}
        </div>
      )}
    </div>
  );
}
