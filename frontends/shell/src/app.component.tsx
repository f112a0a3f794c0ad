import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { ForgotPasswordPage } from './auth-pages/forgot-password.component';
import { SignInPage } from './auth-pages/sign-in.component';
import { SignUpPage } from './auth-pages/sign-up.component';
import { DashboardPage } from './dashboard/dashboard.component';
import { DialogHost } from './feedback/dialog-host.component';
import { OfflineBanner } from './feedback/offline-banner.component';
import { Toaster } from './feedback/toaster.component';
import { LandingPage } from './landing/landing.component';
import { RequireSignIn } from './routing/require-sign-in.component';
import { ROUTES } from './routing/route-guard';

export function App() {
  return (
    <BrowserRouter>
      <OfflineBanner />
      <Routes>
        <Route path={ROUTES.home} element={<LandingPage />} />
        <Route path={ROUTES.login} element={<SignInPage />} />
        <Route path={ROUTES.signup} element={<SignUpPage />} />
        <Route path={ROUTES.forgotPassword} element={<ForgotPasswordPage />} />
        <Route
          path={ROUTES.dashboard}
          element={
            <RequireSignIn>
              <DashboardPage />
            </RequireSignIn>
          }
        />
        <Route path="*" element={<Navigate to={ROUTES.home} replace />} />
      </Routes>
      <Toaster />
      <DialogHost />
    </BrowserRouter>
  );
}
