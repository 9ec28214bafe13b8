import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, Toaster } from './Toaster';
import { toastAfterReload } from './toastAfterReload';
import { toast } from './toastStore';

describe('Toaster', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a toast with title, description and variant, and closes it after 5000 ms', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Login failed', description: '401: Invalid username or password', variant: 'destructive' });
    });
    const title = screen.getByText('Login failed');
    expect(title.closest('[data-variant]')).toHaveAttribute('data-variant', 'destructive');
    expect(screen.getByText('401: Invalid username or password')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 100));
    expect(screen.getByText('Login failed')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Login failed')).not.toBeInTheDocument();
  });

  it('keeps at most three toasts on screen', () => {
    render(<Toaster />);
    act(() => {
      for (const n of [1, 2, 3, 4]) toast({ title: `Toast ${n}` });
    });
    expect(screen.queryByText('Toast 1')).not.toBeInTheDocument();
    expect(screen.getByText('Toast 4')).toBeInTheDocument();
  });

  it('shows the same message once: a repeat replaces the open toast and its time starts over', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Failed to play song', description: 'offline', variant: 'destructive' });
    });
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1000));
    act(() => {
      for (let n = 0; n < 3; n += 1) toast({ title: 'Failed to play song', description: 'offline', variant: 'destructive' });
      toast({ title: 'Failed to play song', description: 'timeout', variant: 'destructive' });
    });
    expect(screen.getAllByText('Failed to play song')).toHaveLength(2);
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByText('offline')).toBeInTheDocument();
  });

  it('shows toasts queued before a page reload exactly once', () => {
    toastAfterReload({ title: 'Login successful', description: 'Welcome back!' });
    const first = render(<Toaster />);
    expect(screen.getByText('Login successful')).toBeInTheDocument();
    expect(screen.getByText('Welcome back!')).toBeInTheDocument();
    expect(window.sessionStorage.length).toBe(0);
    first.unmount();
  });

  it('focuses the toast viewport with F8', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Hello' });
    });
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'F8', code: 'F8', bubbles: true }));
    });
    expect(document.activeElement).toHaveClass('toast-viewport');
  });
});
