/**
 * Leaving a form with unsaved changes asks first: closing or reloading the tab (the browser's own
 * question), a link in the page, a menu entry or a breadcrumb, the browser's Back button (our confirm
 * dialog). The router has no blocker outside a data router, so the links are caught here, the menu
 * asks `useLeave`, and Back lands on a guard entry (below).
 */
import { useEffect } from "react";
import { useTranslation } from "@refinedev/core";
import { useNavigate } from "react-router";
import { useConfirm } from "../confirm.js";

/** Whether a form on the page has unsaved changes (one form per page). */
let unsaved = false;

/** Menu entries and breadcrumbs: `leave(() => navigate(to))` asks first while a form has unsaved changes. */
export function useLeave(): (go: () => void) => void {
  const confirm = useConfirm();
  const { translate } = useTranslation();
  return (go) => {
    if (!unsaved) return offGuard(go);
    void confirm(translate("forms.unsaved", "You have unsaved changes. Leave this page and lose them?")).then((leave) => {
      if (!leave) return;
      unsaved = false;
      offGuard(go);
    });
  };
}

/** Stops the guard's Back listener, while a guard is up. */
let stopGuard: (() => void) | undefined;

/**
 * Goes on from a form as if no guard had been pushed: off the guard entry first when it is on top, so
 * that a save, Cancel (one step back) or a link leaves the history as it would be without it.
 */
export function offGuard(go: () => void): void {
  if (!(history.state as Record<string, unknown> | null)?.unsavedGuard) return go();
  stopGuard?.();
  window.addEventListener("popstate", () => go(), { once: true });
  history.back();
}

/**
 * Back cannot be cancelled once the URL has changed, and the router re-renders on the same popstate.
 * So while the form is dirty a copy of the current entry (the guard) is on top: Back pops only the
 * guard and the page stays; the guard goes back on top at once, and we ask. Leaving this way, like
 * any other way out (a save, Cancel, a link), steps off the guard first (`offGuard`).
 */
function guardBack(ask: (go: () => void) => void): () => void {
  // marked, so that a form dirty again on the same page reuses the guard left on top
  const pushGuard = () => {
    const state = (history.state ?? {}) as Record<string, unknown>;
    if (!state.unsavedGuard) history.pushState({ ...state, unsavedGuard: true }, "", location.href);
  };
  const back = () => {
    pushGuard();
    // asked through `useLeave`, which steps off the guard first: then one step back leaves the form
    ask(() => history.back());
  };
  pushGuard();
  window.addEventListener("popstate", back);
  stopGuard = () => window.removeEventListener("popstate", back);
  return stopGuard;
}

/** A form with unsaved changes (`dirty`) holds the user back from leaving it. */
export function useUnsavedChanges(dirty: boolean): void {
  const ask = useLeave();
  const navigate = useNavigate();
  useEffect(() => {
    unsaved = dirty;
    if (!dirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    const click = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!link || link.target === "_blank" || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const url = new URL(link.href);
      if (url.origin !== location.origin || url.pathname === location.pathname) return;
      event.preventDefault();
      event.stopPropagation();
      ask(() => navigate(`${url.pathname}${url.search}`));
    };
    window.addEventListener("beforeunload", beforeUnload);
    document.addEventListener("click", click, true);
    const unguard = guardBack(ask);
    return () => {
      unsaved = false;
      unguard();
      window.removeEventListener("beforeunload", beforeUnload);
      document.removeEventListener("click", click, true);
    };
    // `ask` and `navigate` are new each render and do the same: the listeners follow `dirty` only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dirty]);
}
