import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { AdminPage } from '../features/admin/pages/admin-page';
import { CustomerRegisterPage } from '../features/auth/pages/customer-register-page';
import { LoginPage } from '../features/auth/pages/login-page';
import { ProviderRegisterPage } from '../features/auth/pages/provider-register-page';
import { AboutPage } from '../features/content/pages/about-page';
import { CareersPage } from '../features/content/pages/careers-page';
import { ContactPage } from '../features/content/pages/contact-page';
import { EmergencyServicePage } from '../features/content/pages/emergency-service-page';
import { HelpCenterPage } from '../features/content/pages/help-center-page';
import { HomePage } from '../features/content/pages/home-page';
import { PressPage } from '../features/content/pages/press-page';
import { PrivacyPolicyPage } from '../features/content/pages/privacy-policy-page';
import { SafetyPage } from '../features/content/pages/safety-page';
import { TermsOfServicePage } from '../features/content/pages/terms-of-service-page';
import { TireRepairPage } from '../features/content/pages/tire-repair-page';
import { TireReplacementPage } from '../features/content/pages/tire-replacement-page';
import { WheelBalancingPage } from '../features/content/pages/wheel-balancing-page';
import { BiddingPage } from '../features/customer/pages/bidding-page';
import { CreateRequestPage } from '../features/customer/pages/create-request-page';
import { DashboardPage } from '../features/customer/pages/dashboard-page';
import { PaymentPage } from '../features/customer/pages/payment-page';
import { ProviderCompletePage } from '../features/provider/pages/provider-complete-page';
import { ProviderDashboardPage } from '../features/provider/pages/provider-dashboard-page';
import { ProviderProfilePage } from '../features/provider/pages/provider-profile-page';
import { ProviderSettingsPage } from '../features/provider/pages/provider-settings-page';
import { NotFoundPage } from './pages/not-found-page';
import { RouteGuardOutlet } from './route-guard-outlet';

// The live map pages carry Leaflet: loaded on first visit, not with every page.
const TrackingPage = lazy(() => import('../features/customer/pages/tracking-page').then((m) => ({ default: m.TrackingPage })));
const ProviderTrackingPage = lazy(() =>
  import('../features/provider/pages/provider-tracking-page').then((m) => ({ default: m.ProviderTrackingPage })),
);

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<p className="page-loading">Loading...</p>}>{children}</Suspense>;
}

/** Every route of spec section 2, behind the route guard; anything else is the 404 page. */
export const routes: RouteObject[] = [
  {
    element: <RouteGuardOutlet />,
    children: [
      // public
      { path: '/', element: <HomePage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/customer/register', element: <CustomerRegisterPage /> },
      { path: '/provider/register', element: <ProviderRegisterPage /> },
      { path: '/about', element: <AboutPage /> },
      { path: '/contact', element: <ContactPage /> },
      { path: '/careers', element: <CareersPage /> },
      { path: '/press', element: <PressPage /> },
      { path: '/help-center', element: <HelpCenterPage /> },
      { path: '/safety', element: <SafetyPage /> },
      { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
      { path: '/terms-of-service', element: <TermsOfServicePage /> },
      { path: '/services/tire-repair', element: <TireRepairPage /> },
      { path: '/services/tire-replacement', element: <TireReplacementPage /> },
      { path: '/services/wheel-balancing', element: <WheelBalancingPage /> },
      { path: '/services/emergency', element: <EmergencyServicePage /> },
      // customer (bidding shared with provider)
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/create-request', element: <CreateRequestPage /> },
      { path: '/bidding/:id', element: <BiddingPage /> },
      { path: '/tracking/:id', element: <Loading><TrackingPage /></Loading> },
      { path: '/payment/:id', element: <PaymentPage /> },
      // provider
      { path: '/provider/dashboard', element: <ProviderDashboardPage /> },
      { path: '/provider/tracking/:id', element: <Loading><ProviderTrackingPage /></Loading> },
      { path: '/provider/settings', element: <ProviderSettingsPage /> },
      { path: '/provider/complete', element: <ProviderCompletePage /> },
      { path: '/provider/profile', element: <ProviderProfilePage /> },
      // admin
      { path: '/admin', element: <AdminPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
