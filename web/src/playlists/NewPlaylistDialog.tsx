/** Asks for a new playlist's name (prefilled with the next 'My Playlist #n') and creates it with the given songs. */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { toast } from '../ui/toastStore';
import { usePlaylistActions } from './usePlaylistActions';
import './NewPlaylistDialog.css';

export function NewPlaylistDialog({ songIds, suggestedName, onClose }: { songIds: readonly string[]; suggestedName: string; onClose: () => void }) {
  const actions = usePlaylistActions();
  const [name, setName] = useState(suggestedName);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();

  useEffect(() => {
    input.current?.select();
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [onClose]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const id = await actions.create(name.trim(), songIds);
    setBusy(false);
    if (!id) return;
    toast({ title: `Created ${name.trim()}`, description: songIds.length ? `${songIds.length} ${songIds.length === 1 ? 'song' : 'songs'} added` : undefined });
    onClose();
  };

  return createPortal(
    <div className="dialog-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <form className="dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} onSubmit={(event) => void submit(event)}>
        <h2 id={titleId} className="dialog__title">
          New playlist
        </h2>
        <label className="dialog__field">
          <span>Name</span>
          <input ref={input} value={name} maxLength={100} required onChange={(event) => setName(event.target.value)} />
        </label>
        <div className="dialog__actions">
          <button type="button" className="page__button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="page__button page__button--primary" disabled={busy || !name.trim()}>
            Create
          </button>
        </div>
      </form>
    </div>,
    document.body,
  );
}
