import { useMemo } from 'react';
import { Link } from 'react-router';
import { useAvailableRoutes } from '../app/availableRoutes';
import { useSignedInUser } from '../auth/useCurrentUser';
import { TierBadge, planLabel } from '../shell/TierBadge';
import { featureCardsFor } from './featureCards';
import { greetingFor } from './greeting';
import { HomeRows } from './HomeRows';
import { describeQuota, useRemainingQuota } from '../plans/RemainingQuota';
import './HomePage.css';

export function HomePage() {
  const user = useSignedInUser();
  const availableRoutes = useAvailableRoutes();
  const greeting = useMemo(() => greetingFor(new Date()), []);
  const cards = featureCardsFor(user, availableRoutes);
  const quota = useRemainingQuota();

  return (
    <div className="home">
      <header className="home__hero">
        <p className="home__eyebrow">{new Date().toLocaleDateString(undefined, { weekday: 'long', month: 'long', day: 'numeric' })}</p>
        <h1 className="home__greeting">
          {greeting}, <span className="home__username">{user.username}</span>
        </h1>
      </header>

      <HomeRows />

      <section className="home-plan" aria-labelledby="home-plan-title">
        <div className="home-plan__main">
          <TierBadge userTier={user.userTier} size="md" />
          <h2 id="home-plan-title" className="home-plan__title">
            {planLabel(user.userTier)}
          </h2>
        </div>
        <dl className="home-plan__facts">
          <div>
            <dt>Song generations</dt>
            <dd>{quota ? describeQuota(quota) : '…'}</dd>
          </div>
          <div>
            <dt>AI Studio</dt>
            <dd>{user.canGenerateMusic === true ? 'Included' : 'Not included'}</dd>
          </div>
          <div>
            <dt>DJ tools</dt>
            <dd>{user.canAccessDJ === true ? 'Included' : 'Not included'}</dd>
          </div>
        </dl>
      </section>

      {cards.length > 0 && (
        <section aria-labelledby="home-features-title">
          <h2 id="home-features-title" className="home__section-title">
            Jump back in
          </h2>
          <ul className="feature-grid">
            {cards.map(({ path, title, description, icon: Icon }) => (
              <li key={path}>
                <Link className="feature-card" to={path}>
                  <span className="feature-card__icon" aria-hidden>
                    <Icon size={22} />
                  </span>
                  <span className="feature-card__title">{title}</span>
                  <span className="feature-card__description">{description}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
