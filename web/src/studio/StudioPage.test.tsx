import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/App';
import { createTestClient } from '../test/renderApp';

vi.mock('../generation/generationFeed', () => ({ useGenerationUpdates: () => true }));
const { StudioPage, allowanceText } = await import('./StudioPage');

function renderStudio(left: number | null) {
  const calls: string[] = [];
  const client = createTestClient(async (operation) => {
    calls.push(operation);
    if (operation === 'StudioDefaults') {
      return {
        data: {
          me: { __typename: 'User', id: '7', defaultDuration: 180, generateAlbumArt: true, generateLyrics: false, monthlyGenerationLimit: 5, generationsLeftThisMonth: left },
        },
      };
    }
    return { data: null, errors: [{ message: `unexpected ${operation}` }] };
  });
  render(
    <MemoryRouter>
      <AppProviders client={client}>
        <StudioPage />
      </AppProviders>
    </MemoryRouter>,
  );
  return calls;
}

describe('AI Studio monthly allowance', () => {
  it('shows how many generations are left before Generate is pressed', async () => {
    renderStudio(3);
    expect(await screen.findByText('3 of 5 generations left this month')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Prompt' }), 'rainy lo-fi');
    expect(screen.getByRole('button', { name: 'Generate' })).toBeEnabled();
  });

  it('says the limit is reached, and Generate is off, before a 6th generation is tried', async () => {
    const calls = renderStudio(0);
    expect(await screen.findByText('Monthly generation limit reached (5/5)')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Prompt' }), 'rainy lo-fi');
    const generate = screen.getByRole('button', { name: 'Generate' });
    expect(generate).toBeDisabled();
    expect(generate).toHaveAccessibleDescription('Monthly generation limit reached (5/5)');
    expect(calls).not.toContain('GenerateSong');
  });

  it('words every case', () => {
    expect(allowanceText(undefined, 5)).toBeNull();
    expect(allowanceText(null, 5)).toBe('No monthly generation limit');
    expect(allowanceText(1, 5)).toBe('1 of 5 generations left this month');
  });
});
