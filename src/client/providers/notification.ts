/**
 * Refine notifications. Failed requests are reported by the HTTP layer (the error catalogue), so
 * the generic error notices Refine's data hooks would add are dropped here.
 */
import type { NotificationProvider } from "@refinedev/core";
import { closeNotice, notify } from "../notify.js";

export const notificationProvider: NotificationProvider = {
  open({ type, message, description, key }) {
    if (type !== "error") notify(type === "success" ? "success" : "info", { title: message, message: description }, key);
  },
  close: (key) => closeNotice(key),
};
