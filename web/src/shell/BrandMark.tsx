import { AudioWaveform } from 'lucide-react';

/** The logo and name; without the router, so the sign-in screen can show it without loading the router. */
export function BrandMark({ showName = true }: { showName?: boolean }) {
  return (
    <>
      <span className="brand__mark" aria-hidden>
        <AudioWaveform size={20} />
      </span>
      {showName && <span className="brand__name">Songforge</span>}
    </>
  );
}
