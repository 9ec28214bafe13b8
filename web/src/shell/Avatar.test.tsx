import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, avatarInitial } from './Avatar';

describe('avatarInitial', () => {
  it.each([
    ['melody', 'M'],
    ['Zed', 'Z'],
    ['  ada', 'A'],
    ['_dj', '_'],
    ['', 'U'],
    ['   ', 'U'],
    [null, 'U'],
    [undefined, 'U'],
  ])('%j -> %s', (username, expected) => {
    expect(avatarInitial(username)).toBe(expected);
  });
});

describe('Avatar', () => {
  it('shows the image when avatarUrl is set', () => {
    const { container } = render(<Avatar username="melody" avatarUrl="/media/avatars/1.png" />);
    expect(container.querySelector('img')).toHaveAttribute('src', '/media/avatars/1.png');
    expect(screen.queryByTestId('avatar-initial')).not.toBeInTheDocument();
  });

  it('falls back to the initial without avatarUrl, and when the image fails to load', () => {
    const { container, rerender } = render(<Avatar username="melody" avatarUrl={null} />);
    expect(screen.getByTestId('avatar-initial')).toHaveTextContent('M');

    rerender(<Avatar username="melody" avatarUrl="/media/missing.png" />);
    fireEvent.error(container.querySelector('img')!);
    expect(screen.getByTestId('avatar-initial')).toHaveTextContent('M');
  });
});
