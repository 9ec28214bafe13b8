import { Link } from 'react-router';
import './NotFound.css';

export function NotFound() {
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <p className="not-found__code" aria-hidden>
        404
      </p>
      <h1 id="not-found-title" className="not-found__title">
        404 Page Not Found
      </h1>
      <p className="not-found__text">This page does not exist, or it has not been built yet.</p>
      <Link className="button button--primary" to="/">
        Back to Home
      </Link>
    </section>
  );
}
