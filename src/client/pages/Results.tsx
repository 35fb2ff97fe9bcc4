/**
 * Full-page results: not found, not authorized, server error, and the boundary that shows render
 * failures. The pages themselves (result-pages.tsx) load on demand: antd's Result carries its
 * 404/403/500 illustrations, which a page that renders fine never shows (issue 11).
 */
import { Component, lazy, Suspense, useEffect, type ErrorInfo, type ReactNode } from "react";
import { Spin } from "antd";
import type { PageDef } from "../../framework/pages.js";
import { notAuthorized, notify } from "../notify.js";

const load = () => import("./result-pages.js");
const LazyNotFound = lazy(() => load().then((m) => ({ default: m.NotFound })));
const LazyNotAuthorized = lazy(() => load().then((m) => ({ default: m.NotAuthorized })));
const LazyServerError = lazy(() => load().then((m) => ({ default: m.ServerError })));
const LazyRenderFailed = lazy(() => load().then((m) => ({ default: m.RenderFailed })));
const LazyUnknownPage = lazy(() => load().then((m) => ({ default: m.UnknownPage })));

export const NotFound = () => <Suspense fallback={<Spin />}><LazyNotFound /></Suspense>;

/** A denied route: the notification of product spec 8 (at once), and not the page. */
export function NotAuthorized() {
  useEffect(() => notify("error", notAuthorized(), "not-authorized"), []);
  return <Suspense fallback={<Spin />}><LazyNotAuthorized /></Suspense>;
}

export const ServerError = () => <Suspense fallback={<Spin />}><LazyServerError /></Suspense>;

/** A page component name no hand-written page answers to. */
export const UnknownPage = ({ page }: { page: PageDef }) => <Suspense fallback={<Spin />}><LazyUnknownPage page={page} /></Suspense>;

/** Render failures show the Oops page instead of a blank screen. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  render() {
    return this.state.failed ? <Suspense fallback={<Spin />}><LazyRenderFailed /></Suspense> : this.props.children;
  }
}
