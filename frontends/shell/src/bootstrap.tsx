import { createRoot } from 'react-dom/client';
import { StartupGate } from './startup/startup-gate.component';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(<StartupGate />);
