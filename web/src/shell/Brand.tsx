import { AudioWaveform } from 'lucide-react';
import { Link } from 'react-router';

export function Brand({ showName = true, onNavigate }: { showName?: boolean; onNavigate?: () => void }) {
  return (
    <Link to="/" className="brand" aria-label="Songforge home" onClick={onNavigate}>
      <span className="brand__mark" aria-hidden>
        <AudioWaveform size={20} />
      </span>
      {showName && <span className="brand__name">Songforge</span>}
    </Link>
  );
}
