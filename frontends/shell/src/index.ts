import '@cairn/frontend-shared/styles.css';
import './shell.css';

// The async boundary lets Module Federation settle the shared singletons before any React code runs.
void import('./bootstrap');
