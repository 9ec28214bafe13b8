import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import type { ModerationQueueQuery } from '../gql/graphql';
import { MODERATION_QUEUE_QUERY, REVIEW_MODERATION_MUTATION } from './adminOperations';
import { runAdminAction } from './adminAction';
import { FilterSelect } from './controls';

type Item = ModerationQueueQuery['moderationQueue'][number];
const STATUS_LABELS: Record<string, string> = { pending: 'Pending', approved: 'Approved', hidden: 'Hidden', regeneration: 'Regeneration requested' };
const DECISIONS = [
  ['approve', 'Approve'],
  ['hide', 'Hide'],
  ['regenerate', 'Request regeneration'],
] as const;

/** Flagged and reported songs: review the lyrics with the flagged words highlighted, then decide. */
export function ModerationPanel() {
  const [status, setStatus] = useState('pending');
  const { data, error, refetch } = useQuery(MODERATION_QUEUE_QUERY, { variables: { status: status || null }, fetchPolicy: 'cache-and-network' });
  const items = data?.moderationQueue ?? [];
  return (
    <div className="admin__moderation">
      <div className="admin__filters">
        <FilterSelect label="Show" value={status} options={Object.entries(STATUS_LABELS)} onChange={setStatus} />
      </div>
      {error && <p role="alert">{error.message}</p>}
      {data && items.length === 0 && <p className="admin__muted">Nothing to review.</p>}
      <ul className="admin__cards">
        {items.map((item) => (
          <ModerationCard key={item.id} item={item} onReviewed={() => void refetch()} />
        ))}
      </ul>
    </div>
  );
}

const PRESERVABLE = ['melody', 'arrangement', 'title'] as const;

/** 'damn=darn, hell=heck' as the replacements a regeneration takes. */
function parseReplacements(text: string): Array<{ word: string; replacement: string }> {
  return text
    .split(',')
    .map((pair) => pair.split('=').map((part) => part.trim()))
    .filter(([word, replacement]) => word && replacement)
    .map(([word, replacement]) => ({ word, replacement }));
}

function ModerationCard({ item, onReviewed }: { item: Item; onReviewed: () => void }) {
  const [notes, setNotes] = useState(item.moderatorNotes ?? '');
  const [replacements, setReplacements] = useState('');
  const [preserved, setPreserved] = useState<string[]>([...PRESERVABLE]);
  const [review] = useMutation(REVIEW_MODERATION_MUTATION);
  const decide = async (decision: string) => {
    const regeneration = decision === 'regenerate' ? { replacementWords: parseReplacements(replacements), preservedElements: preserved } : null;
    if (await runAdminAction(() => review({ variables: { id: item.id, decision, notes: notes.trim() || null, regeneration } }), 'Review failed')) onReviewed();
  };
  const a = item.analysis;
  return (
    <li className="admin__card" aria-label={`Review ${item.songTitle}`}>
      <h3>
        {item.songTitle}
        {item.songArtist ? ` · ${item.songArtist}` : ''}
      </h3>
      <p className="admin__muted">
        {STATUS_LABELS[item.status] ?? item.status} · flagged for {item.flaggedFor.join('; ')}
        {item.reviewedBy && ` · reviewed by ${item.reviewedBy} ${item.reviewedAt ? new Date(item.reviewedAt).toLocaleString() : ''}`}
      </p>
      {a && (
        <p className="admin__muted">
          Language {a.language} · {a.contentRating} · sentiment {a.sentiment} ({a.sentimentScore}) · tones {a.emotionalTones.join(', ') || 'none'} · keywords {a.keywords.join(', ')} · confidence {a.analysisConfidence}
        </p>
      )}
      {item.highlightedLyrics.length > 0 ? (
        <pre className="admin__lyrics" aria-label="Lyrics">
          {item.highlightedLyrics.map((span, i) => (span.flagged ? <mark key={i}>{span.text}</mark> : <span key={i}>{span.text}</span>))}
        </pre>
      ) : (
        <p className="admin__muted">This song has no lyrics.</p>
      )}
      <label className="admin__notes">
        Moderator notes
        <textarea value={notes} maxLength={2000} onChange={(e) => setNotes(e.target.value)} />
      </label>
      <fieldset className="admin__regeneration">
        <legend>If regenerated</legend>
        <label>
          Replacements (word=new, …; others are chosen to keep syllables and rhyme)
          <input value={replacements} onChange={(e) => setReplacements(e.target.value)} placeholder="damn=darn" />
        </label>
        {PRESERVABLE.map((element) => (
          <label key={element}>
            <input type="checkbox" checked={preserved.includes(element)} onChange={(e) => setPreserved(e.target.checked ? [...preserved, element] : preserved.filter((p) => p !== element))} />
            Keep {element}
          </label>
        ))}
      </fieldset>
      <div className="admin__actions">
        {DECISIONS.map(([decision, label]) => (
          <button key={decision} type="button" className="button" onClick={() => void decide(decision)}>
            {label}
          </button>
        ))}
      </div>
    </li>
  );
}
