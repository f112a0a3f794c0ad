import { useNavigate } from 'react-router-dom';
import { Badge, Button } from '@cairn/frontend-shared';
import { ROUTES } from '../routing/route-guard';

/** docs/product-spec.md §2: the 'Hybrid Search' badge; once the active chat has a protocol, its title in 'Discussion Mode' with 'New Search'. */
export function DashboardHeader({ protocolTitle, onNewSearch }: { protocolTitle: string | null; onNewSearch: () => void }) {
  const navigate = useNavigate();
  return (
    <header className="dashboard-header">
      <div className="dashboard-header__title">
        <span className="brand__mark" aria-hidden="true" />
        <h1>Cairn Protocol Search</h1>
        <Badge>Hybrid Search</Badge>
      </div>
      {protocolTitle && (
        <div className="dashboard-header__discussion">
          <span className="dashboard-header__protocol" title={protocolTitle}>
            {protocolTitle}
          </span>
          <Badge tone="success">Discussion Mode</Badge>
          <Button size="sm" icon="search" onClick={onNewSearch}>
            New Search
          </Button>
        </div>
      )}
      <Button icon="home" className="dashboard-header__home" aria-label="Back to Home" onClick={() => navigate(ROUTES.home)}>
        <span className="dashboard-header__home-label">Back to Home</span>
      </Button>
    </header>
  );
}
