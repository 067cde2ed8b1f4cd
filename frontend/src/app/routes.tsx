import type { RouteObject } from 'react-router-dom';
import { HomePage } from '../features/content/pages/home-page';
import { lazyPage } from './lazy-page';
import { RouteErrorPage } from './pages/route-error-page';
import { RouteGuardOutlet } from './route-guard-outlet';

// Only the landing page is in the entry chunk (the build fails when `/` needs more than 150 kB of gzipped
// JavaScript: frontend/build/landing-budget.ts). Every other page is loaded on first visit, so the admin editors,
// the provider area, Stripe (payment) and Leaflet (tracking) are fetched only where they are used.

/** Every route of spec section 2, behind the route guard; anything else is the 404 page. */
export const routes: RouteObject[] = [
  {
    element: <RouteGuardOutlet />,
    errorElement: <RouteErrorPage />,
    children: [
      // public
      { path: '/', element: <HomePage /> },
      { path: '/login', element: lazyPage(() => import('../features/auth/pages/login-page'), 'LoginPage') },
      { path: '/customer/register', element: lazyPage(() => import('../features/auth/pages/customer-register-page'), 'CustomerRegisterPage') },
      { path: '/provider/register', element: lazyPage(() => import('../features/auth/pages/provider-register-page'), 'ProviderRegisterPage') },
      { path: '/about', element: lazyPage(() => import('../features/content/pages/about-page'), 'AboutPage') },
      { path: '/contact', element: lazyPage(() => import('../features/content/pages/contact-page'), 'ContactPage') },
      { path: '/careers', element: lazyPage(() => import('../features/content/pages/careers-page'), 'CareersPage') },
      { path: '/press', element: lazyPage(() => import('../features/content/pages/press-page'), 'PressPage') },
      { path: '/help-center', element: lazyPage(() => import('../features/content/pages/help-center-page'), 'HelpCenterPage') },
      { path: '/safety', element: lazyPage(() => import('../features/content/pages/safety-page'), 'SafetyPage') },
      { path: '/privacy-policy', element: lazyPage(() => import('../features/content/pages/privacy-policy-page'), 'PrivacyPolicyPage') },
      { path: '/terms-of-service', element: lazyPage(() => import('../features/content/pages/terms-of-service-page'), 'TermsOfServicePage') },
      { path: '/services/tire-repair', element: lazyPage(() => import('../features/content/pages/tire-repair-page'), 'TireRepairPage') },
      { path: '/services/tire-replacement', element: lazyPage(() => import('../features/content/pages/tire-replacement-page'), 'TireReplacementPage') },
      { path: '/services/wheel-balancing', element: lazyPage(() => import('../features/content/pages/wheel-balancing-page'), 'WheelBalancingPage') },
      { path: '/services/emergency', element: lazyPage(() => import('../features/content/pages/emergency-service-page'), 'EmergencyServicePage') },
      // customer (bidding shared with provider)
      { path: '/dashboard', element: lazyPage(() => import('../features/customer/pages/dashboard-page'), 'DashboardPage') },
      { path: '/create-request', element: lazyPage(() => import('../features/customer/pages/create-request-page'), 'CreateRequestPage') },
      { path: '/bidding/:id', element: lazyPage(() => import('../features/customer/pages/bidding-page'), 'BiddingPage') },
      { path: '/tracking/:id', element: lazyPage(() => import('../features/customer/pages/tracking-page'), 'TrackingPage') },
      { path: '/payment/:id', element: lazyPage(() => import('../features/customer/pages/payment-page'), 'PaymentPage') },
      // provider
      { path: '/provider/dashboard', element: lazyPage(() => import('../features/provider/pages/provider-dashboard-page'), 'ProviderDashboardPage') },
      { path: '/provider/tracking/:id', element: lazyPage(() => import('../features/provider/pages/provider-tracking-page'), 'ProviderTrackingPage') },
      { path: '/provider/settings', element: lazyPage(() => import('../features/provider/pages/provider-settings-page'), 'ProviderSettingsPage') },
      { path: '/provider/complete', element: lazyPage(() => import('../features/provider/pages/provider-complete-page'), 'ProviderCompletePage') },
      { path: '/provider/profile', element: lazyPage(() => import('../features/provider/pages/provider-profile-page'), 'ProviderProfilePage') },
      // admin
      { path: '/admin', element: lazyPage(() => import('../features/admin/pages/admin-page'), 'AdminPage') },
      { path: '*', element: lazyPage(() => import('./pages/not-found-page'), 'NotFoundPage') },
    ],
  },
];
