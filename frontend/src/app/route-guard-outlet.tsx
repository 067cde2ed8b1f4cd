import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { selectAuth, selectIsLoggedIn, selectRole, signedOutHandled } from '../features/auth/auth.slice';
import { Spinner } from '../shared/ui/status';
import { useAppDispatch, useAppSelector } from './hooks';
import { guardRoute } from './route-guard';

/** Applies guardRoute to every route; waits while the stored session is being checked. */
export function RouteGuardOutlet() {
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  const { isLoading, signedOutTo } = useAppSelector(selectAuth);
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const role = useAppSelector(selectRole);

  useEffect(() => {
    if (signedOutTo && pathname === signedOutTo) dispatch(signedOutHandled());
  }, [dispatch, pathname, signedOutTo]);

  if (isLoading) {
    return (
      <div className="page page--center">
        <Spinner />
      </div>
    );
  }
  // Just logged out: go to the area's logout target first (customer '/', provider and admin /login).
  if (!loggedIn && signedOutTo && pathname !== signedOutTo) return <Navigate to={signedOutTo} replace />;

  const target = guardRoute(pathname, { loggedIn, role });
  if (target && target !== pathname) return <Navigate to={target} replace />;
  return <Outlet />;
}
