/**
 * Leaving a form with unsaved changes asks first: closing or reloading the tab (the browser's own
 * question), a link in the page, a menu entry or a breadcrumb (our confirm dialog). The router has no
 * blocker outside a data router, so the links are caught here and the menu asks `useLeave`.
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
    if (!unsaved) return go();
    void confirm(translate("forms.unsaved", "You have unsaved changes. Leave this page and lose them?")).then((leave) => {
      if (!leave) return;
      unsaved = false;
      go();
    });
  };
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
    return () => {
      unsaved = false;
      window.removeEventListener("beforeunload", beforeUnload);
      document.removeEventListener("click", click, true);
    };
    // `ask` and `navigate` are new each render and do the same: the listeners follow `dirty` only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dirty]);
}
