/** The Refine app: providers, and the routes the registry declares plus the hand-written ones. */
import { lazy, Suspense, useMemo } from "react";
import { Authenticated, Refine, type I18nProvider } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { ConfigProvider, Spin } from "antd";
import { BrowserRouter, Navigate, Route, Routes, useLocation, useParams, type Params } from "react-router";
import { routesOf } from "../framework/resource.js";
import { pages } from "../../resources/pages/index.js";
import { outlines } from "./declarations.js";
import { titleKey } from "./i18n/keys.js";
import { antdLocale, i18n, setLanguage, useLanguage } from "./i18n/index.js";
import { Shell } from "./layout/Shell.js";
import { TextBase } from "./layout/TextBase.js";
import { DeclaredPage } from "./pages/DeclaredPage.js";
import { preloadPage, ResourcePage } from "./pages/ResourcePage.js";
import { NotFound, ServerError } from "./pages/Results.js";
import { accessControlProvider } from "./providers/access.js";
import { authProvider } from "./providers/auth.js";
import { dataProvider } from "./providers/data.js";
import { notificationProvider } from "./providers/notification.js";
import { session } from "./session.js";
import { fetchCurrentUser, homePath, useUser } from "./user.js";

// the pages outside the signed-in shell load on demand: the login form (antd Form and its
// validator, Card) is not part of a signed-in first load (issue 11)
const LoginPage = lazy(() => import("./pages/Login.js"));
const LogoutPage = lazy(() => import("./pages/Logout.js"));
const LinkPage = lazy(() => import("./pages/Link.js"));
const SetPasswordPage = lazy(() => import("./pages/identity/SetPassword.js"));
const ResetPasswordPage = lazy(() => import("./pages/identity/ResetPassword.js"));
const UnlockUserPage = lazy(() => import("./pages/identity/UnlockUser.js"));
const SignUpPage = lazy(() => import("./pages/identity/SignUp.js"));
const ConfirmationPage = lazy(() => import("./pages/identity/Confirmation.js"));
const LoginCallbackPage = lazy(() => import("./pages/identity/LoginCallback.js"));
const SignOnFailedPage = lazy(() => import("./pages/identity/SignOnFailed.js"));
const PrivateLinkPage = lazy(() => import("./pages/identity/PrivateLink.js"));
const InvalidMessagePage = lazy(() => import("./pages/identity/InvalidMessage.js"));
// the vendor portal's pages (product spec 2.3), every /vendor_portal route
const PortalRoutes = lazy(() => import("./portal/PortalPages.js"));

/** Every route of the registry, with its page and guard (`routesOf`, `pagePermissions`). */
const resourceRoutes = outlines.flatMap(routesOf);

/**
 * Signed in: ask for the current user and fetch the code of the page at `pathname` at once, side by
 * side, rather than one after the other once React has rendered the providers and the shell (issue 11).
 * A failure here is left to the shell's own request (`getIdentity`), which reports it.
 */
export function startSignedIn(pathname: string): void {
  if (!session.accessToken()) return;
  fetchCurrentUser().catch(() => undefined);
  preloadPage(resourceRoutes, pathname);
}

const refineResources = outlines.map((r) => ({
  name: r.name,
  list: r.routes.list,
  show: r.routes.show,
  create: r.routes.create,
  edit: r.routes.edit,
  meta: { label: titleKey(r.name, "list") },
}));

function Home() {
  return <Navigate replace to={homePath(useUser())} />;
}

/** A path of the spec that lives under another one in this app: the same parameters, that path. */
function Alias({ to }: { to: (params: Readonly<Params>) => string }) {
  return <Navigate replace to={to(useParams())} />;
}

/** Not signed in: remember where the visitor wanted to go, then log in. */
function ToLogin() {
  const { pathname, search } = useLocation();
  session.rememberLocation(`${pathname}${search}`);
  return <Navigate replace to="/login" />;
}

export function App() {
  // Refine's i18nProvider is i18next (i18n/translator.ts); a new provider per language: Refine's translate then gives the pages the new texts
  const language = useLanguage();
  const i18nProvider = useMemo<I18nProvider>(() => ({
    translate: (key: string, options?: unknown, fallback?: string) =>
      typeof options === "string"
        ? i18n.t(key, { defaultValue: options })
        : i18n.t(key, { ...(options as object | undefined), defaultValue: fallback ?? key }),
    changeLocale: async (next: string) => setLanguage(next),
    getLocale: () => language,
  }), [language]);

  return (
    <BrowserRouter>
      <ConfigProvider locale={antdLocale()}>
        <TextBase>
          <Refine
            dataProvider={dataProvider}
            authProvider={authProvider}
            accessControlProvider={accessControlProvider}
            i18nProvider={i18nProvider}
            notificationProvider={notificationProvider}
            routerProvider={routerProvider}
            resources={refineResources}
            options={{
              syncWithLocation: true,
              disableTelemetry: true,
              reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } } },
            }}
          >
            <Routes>
              <Route path="/login" element={<Suspense fallback={<Spin fullscreen />}><LoginPage /></Suspense>} />
              <Route path="/logout" element={<Suspense fallback={<Spin fullscreen />}><LogoutPage /></Suspense>} />
              <Route path="/link/:purpose/:token" element={<Suspense fallback={<Spin fullscreen />}><LinkPage /></Suspense>} />
              <Route path="/set_password/:token" element={<Suspense fallback={<Spin fullscreen />}><SetPasswordPage /></Suspense>} />
              <Route path="/reset_password" element={<Suspense fallback={<Spin fullscreen />}><ResetPasswordPage /></Suspense>} />
              <Route path="/unlock_user/:token" element={<Suspense fallback={<Spin fullscreen />}><UnlockUserPage /></Suspense>} />
              <Route path="/signup" element={<Suspense fallback={<Spin fullscreen />}><SignUpPage /></Suspense>} />
              <Route path="/users/confirmation" element={<Suspense fallback={<Spin fullscreen />}><ConfirmationPage /></Suspense>} />
              <Route path="/login/callback" element={<Suspense fallback={<Spin fullscreen />}><LoginCallbackPage /></Suspense>} />
              <Route path="/saml_failed" element={<Suspense fallback={<Spin fullscreen />}><SignOnFailedPage /></Suspense>} />
              <Route path="/sso_failed" element={<Suspense fallback={<Spin fullscreen />}><SignOnFailedPage /></Suspense>} />
              <Route path="/private/:token" element={<Suspense fallback={<Spin fullscreen />}><PrivateLinkPage /></Suspense>} />
              <Route path="/private/:token/accruals" element={<Suspense fallback={<Spin fullscreen />}><PrivateLinkPage accruals /></Suspense>} />
              <Route path="/invalid_message" element={<Suspense fallback={<Spin fullscreen />}><InvalidMessagePage /></Suspense>} />
              <Route element={<Authenticated key="app" fallback={<ToLogin />} loading={<Spin fullscreen />}><Shell /></Authenticated>}>
                <Route index element={<Home />} />
                <Route path="/vendor_portal/*" element={<Suspense fallback={<Spin />}><PortalRoutes /></Suspense>} />
                {/* product spec 2.3: the purchasers outside the portal's prefix, and an expense item's link from another app */}
                <Route path="/purchasers" element={<Navigate replace to="/vendor_portal/purchasers" />} />
                <Route path="/purchasers/:purchaserID" element={<Alias to={(p) => `/vendor_portal/purchasers/${p.purchaserID ?? ""}`} />} />
                <Route path="/ap/expenses/:expenseItemID" element={<Alias to={(p) => `/expense/${p.expenseItemID ?? ""}`} />} />
                <Route path="/500" element={<ServerError />} />
                {resourceRoutes.map((entry) => (
                  <Route key={entry.path} path={entry.path} element={<ResourcePage key={entry.path} entry={entry} />} />
                ))}
                {pages.map((page) => (
                  <Route key={page.path} path={page.path} element={<DeclaredPage key={page.path} page={page} />} />
                ))}
                <Route path="*" element={<NotFound />} />
              </Route>
            </Routes>
          </Refine>
        </TextBase>
      </ConfigProvider>
    </BrowserRouter>
  );
}
