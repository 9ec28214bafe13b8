import { useEffect, useRef } from 'react';
import { Menu, X } from 'lucide-react';
import { Brand } from './Brand';
import { Sidebar } from './Sidebar';
import './MobileMenu.css';

interface MobileTopBarProps {
  menuOpen: boolean;
  onOpenMenu: () => void;
}

/** The bar that replaces the sidebar below the mobile breakpoint (768 px). */
export function MobileTopBar({ menuOpen, onOpenMenu }: MobileTopBarProps) {
  return (
    <header className="mobile-top-bar">
      <button
        type="button"
        className="icon-button"
        aria-label="Open menu"
        aria-expanded={menuOpen}
        aria-controls="mobile-menu"
        onClick={onOpenMenu}
      >
        <Menu size={22} aria-hidden />
      </button>
      <Brand />
    </header>
  );
}

interface MobileMenuProps {
  open: boolean;
  onClose: () => void;
}

/** A slide-in drawer holding the full sidebar; Escape, the backdrop or a link closes it. */
export function MobileMenu({ open, onClose }: MobileMenuProps) {
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeButton.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      previouslyFocused?.focus();
    };
  }, [open, onClose]);

  if (!open) return null;
  return (
    <div className="mobile-menu">
      <div className="mobile-menu__backdrop" aria-hidden onClick={onClose} />
      <div id="mobile-menu" className="mobile-menu__drawer" role="dialog" aria-modal="true" aria-label="Menu">
        <button ref={closeButton} type="button" className="icon-button mobile-menu__close" aria-label="Close menu" onClick={onClose}>
          <X size={20} aria-hidden />
        </button>
        <Sidebar collapsed={false} onNavigate={onClose} />
      </div>
    </div>
  );
}
