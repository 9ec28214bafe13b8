import { Link } from 'react-router';
import { BrandMark } from './BrandMark';

export function Brand({ showName = true, onNavigate }: { showName?: boolean; onNavigate?: () => void }) {
  return (
    <Link to="/" className="brand" aria-label="Songforge home" onClick={onNavigate}>
      <BrandMark showName={showName} />
    </Link>
  );
}
