import { useNavigate } from 'react-router-dom';
import { Icon, useCurrentUser } from '@cairn/frontend-shared';
import { searchNavigation } from '../routing/route-guard';
import { useDocumentTitle } from '../routing/use-document-title';
import { LandingHeader } from './landing-header.component';
import { LandingSearch } from './landing-search.component';
import { VocabularyCredits } from './vocabulary-credits.component';
import { Promo } from './promo.component';

export function LandingPage() {
  useDocumentTitle('');
  const user = useCurrentUser();
  const navigate = useNavigate();

  const startSearch = (query: string) => {
    const { to, state } = searchNavigation(query, user !== null);
    navigate(to, { state });
  };

  return (
    <div className="landing">
      <LandingHeader />
      <main className="landing__main">
        <section className="hero" aria-labelledby="hero-title">
          <h1 id="hero-title" className="hero__title">
            Clinical protocols, step by step
          </h1>
          <p className="hero__tagline">
            Search trusted guidance and get a checklist protocol with numbered source citations.
          </p>
          <LandingSearch onSearch={startSearch} />
        </section>
        <Promo />
      </main>
      <footer className="site-footer">
        <p className="site-footer__notice">
          <Icon name="shield" />
          For professional use only. Cairn is intended for healthcare professionals and supports, but does not
          replace, clinical judgement.
        </p>
        <VocabularyCredits />
      </footer>
    </div>
  );
}
