import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../test/renderPage';
import { CreatorTools } from './CreatorTools';

const LYRICS = '[Verse]\nLights across the harbour glow\n[Chorus]\nHold me where the rivers go';
const queued = (title: string) => ({ editSongLyrics: { __typename: 'GenerationRequest', id: '41', status: 'pending', title } });

describe('CreatorTools: Edit lyrics', () => {
  it("starts from the song's words and queues a new song with the edited ones", { timeout: 15_000 }, async () => {
    const { callsOf } = renderPage(<CreatorTools songId="7" lyrics={LYRICS} />, {
      answers: (operation) => (operation === 'EditSongLyrics' ? queued('Harbour Lights (new lyrics)') : undefined),
    });
    await userEvent.click(screen.getByText('Edit lyrics'));
    const form = screen.getByRole('form', { name: 'Edit lyrics' });
    const words = within(form).getByRole('textbox', { name: 'New lyrics' });
    expect(words).toHaveValue(LYRICS);
    await userEvent.clear(words);
    const submit = within(form).getByRole('button', { name: 'Sing the new lyrics' });
    expect(submit).toBeDisabled();
    await userEvent.type(words, 'Ferry horns across the bay');
    await userEvent.click(submit);
    expect(await within(form).findByRole('status')).toHaveTextContent('Queued "Harbour Lights (new lyrics)".');
    expect(callsOf('EditSongLyrics')).toEqual([{ input: { songId: '7', lyrics: 'Ferry horns across the bay' } }]);
  });

  it('is not offered for a song without words (an instrumental)', () => {
    renderPage(<CreatorTools songId="7" lyrics={null} />, { answers: () => undefined });
    expect(screen.getByText('Extend this song')).toBeInTheDocument();
    expect(screen.queryByText('Edit lyrics')).not.toBeInTheDocument();
  });
});
