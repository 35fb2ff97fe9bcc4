/**
 * Notifications (product spec 8 and 9): top right, 10 s. The HTTP error catalogue lives here, once;
 * the HTTP client (http.ts) is its only caller for failed requests.
 */
import { i18n } from "./i18n/index.js";

const notificationSeconds = 10;
/** Below the header, the breadcrumb and the title row of a record's head, whose action buttons (top right too) it would cover. */
const belowPageActions = 196;

/** antd's notification loads with the first notice, not with the first load (issue 11). */
let notifications: Promise<typeof import("antd/es/notification").default> | undefined;
const loadNotifications = () => (notifications ??= import("antd/es/notification").then(({ default: notification }) => {
  notification.config({ placement: "topRight", top: belowPageActions, duration: notificationSeconds });
  return notification;
}));

/** `meta` of a record's read whose page says "Record not found" itself: no 404 notification besides. */
export const notFoundShownByPage = { silent: [404] } as const;

export interface Notice {
  title: string;
  message?: string;
}

export function notify(type: "success" | "error" | "info" | "warning", notice: Notice, key?: string): void {
  void loadNotifications().then((notification) => notification.open({ type, key, message: notice.title, description: notice.message }));
}

export function closeNotice(key?: string): void {
  void loadNotifications().then((notification) => notification.destroy(key));
}

const t = (key: string, fallback: string, options: Record<string, unknown> = {}) =>
  i18n.t(key, { defaultValue: fallback, ...options });

export const oops = (): Notice => ({
  title: t("errors.oops", "Oops... Looks like something went wrong! If the problem persists feel free to contact us. In the meantime, try refreshing."),
});

export const notAuthorized = (): Notice => ({
  title: t("errors.notAuthorizedTitle", "Not Authorized"),
  message: t("errors.notAuthorized", "Not Authorized: You are not authorized to view the requested resource."),
});

/** A successful write's warnings (`warnings` beside `data`, docs/api.md), one notification. */
export function warningNotice(body: unknown): Notice | null {
  const warnings = (body as { warnings?: unknown } | undefined)?.warnings;
  return Array.isArray(warnings) && warnings.length ? { title: t("errors.warning", "Warning"), message: warnings.map(String).join(", ") } : null;
}

/** `base` messages of an error body ({errors: {base: [...]}}). */
export function baseMessages(body: unknown): string[] {
  const base = (body as { errors?: { base?: unknown } } | undefined)?.errors?.base;
  return Array.isArray(base) ? base.map(String) : [];
}

/**
 * The notice a failed request deserves, or null when it is handled elsewhere
 * (401 goes to login; 422 field errors go to the form). `status` is 0 for a network failure.
 */
export function errorNotice(status: number, body: unknown): Notice | null {
  if (status === 0) return { title: t("errors.errorDetails", "Error Details"), message: t("errors.unableToConnect", "Unable to connect") };
  if (status === 401) return null;
  if ([400, 403, 404, 422].includes(status)) {
    const base = baseMessages(body);
    return base.length ? { title: t("errors.dataIssue", "Data Issue: {{status}}", { status }), message: base.join(", ") } : null;
  }
  return oops();
}
