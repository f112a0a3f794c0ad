import { useNavigate } from 'react-router-dom';
import { Badge, Button } from '@cairn/frontend-shared';
import { ROUTES } from '../routing/route-guard';

export function DashboardHeader() {
  const navigate = useNavigate();
  return (
    <header className="dashboard-header">
      <div className="dashboard-header__title">
        <span className="brand__mark" aria-hidden="true" />
        <h1>Cairn Protocol Search</h1>
        <Badge>Hybrid Search</Badge>
      </div>
      <Button icon="home" className="dashboard-header__home" aria-label="Back to Home" onClick={() => navigate(ROUTES.home)}>
        <span className="dashboard-header__home-label">Back to Home</span>
      </Button>
    </header>
  );
}
