import { Route, Routes } from 'react-router-dom';
import { ACCESS, ROUTES } from '../lib/routes';
import { GuestRoute, OwnIdRedirect, RedirectKeepingQuery, RouteGuard, SignedInFrame } from './guards';
import { PAGES } from './pages';

/** Renders the route table (lib/routes.ts). */
export function AppRoutes() {
  const page = (key: keyof typeof PAGES) => {
    const Page = PAGES[key];
    return <Page />;
  };
  return (
    <Routes>
      {ROUTES.map((route) => {
        if (route.kind === 'guest') {
          return (
            <Route
              key={route.path}
              path={route.path}
              element={<GuestRoute signedInGoesHome={route.signedInGoesHome}>{page(route.page)}</GuestRoute>}
            />
          );
        }
        if (route.kind === 'redirect') {
          return <Route key={route.path} path={route.path} element={<RedirectKeepingQuery to={route.to} />} />;
        }
        if (route.kind === 'guarded' && route.bare) {
          return (
            <Route
              key={route.path}
              path={route.path}
              element={
                <RouteGuard access={route.access} bare>
                  {page(route.page)}
                </RouteGuard>
              }
            />
          );
        }
        return null;
      })}
      <Route element={<SignedInFrame />}>
        {ROUTES.map((route) => {
          if (route.kind === 'guarded' && !route.bare) {
            return (
              <Route
                key={route.path}
                path={route.path}
                element={
                  <OwnIdRedirect to={route.ownIdGoesTo}>
                    <RouteGuard access={route.access}>{page(route.page)}</RouteGuard>
                  </OwnIdRedirect>
                }
              />
            );
          }
          if (route.kind === 'fallback') {
            return (
              <Route
                key={route.path}
                path={route.path}
                element={<RouteGuard access={ACCESS.member}>{page(route.page)}</RouteGuard>}
              />
            );
          }
          return null;
        })}
      </Route>
    </Routes>
  );
}
